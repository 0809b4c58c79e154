import { useState } from 'react';
import type { z } from '@portal/shared/schemas/zod';
import { branchInputSchema, type StaffBranch } from '@portal/shared/schemas/staff-catalogue';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useT } from '@/console/i18n';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { QueryState } from '@/console/components/query-state';
import { ListTable } from '@/console/components/list-table';
import { useBranches, useDeleteBranch, useSaveBranch } from '@/console/features/catalogue/api/branches';
import '@/console/features/catalogue/components/catalogue.css';

type Fields = z.input<typeof branchInputSchema>;
type Values = z.output<typeof branchInputSchema>;

export function BranchesRoute() {
  const t = useT();
  const branches = useBranches();
  const [editing, setEditing] = useState<StaffBranch | null>(null);
  const [deleting, setDeleting] = useState<StaffBranch | null>(null);

  return (
    <div className="stack">
      <h1>{t('catalogue.branches.title')}</h1>
      <section className="console-section stack" aria-label={t('catalogue.branches.addHeading')}>
        <h2>{t('catalogue.branches.addHeading')}</h2>
        <BranchForm />
      </section>
      <QueryState query={branches} />
      {branches.data ? (
        <ListTable
          label={t('catalogue.branches.title')}
          caption={t('catalogue.branches.caption', { count: branches.data.length })}
          rows={branches.data}
          rowKey={(branch) => branch._id}
          columns={[
            {
              key: 'branch',
              header: t('catalogue.branches.branch'),
              cell: (branch) =>
                branch.location ? (
                  <a href={branch.location} target="_blank" rel="noreferrer">
                    {branch.branchName}
                  </a>
                ) : (
                  branch.branchName
                ),
            },
            { key: 'city', header: t('catalogue.fields.city'), cell: (branch) => branch.city },
            { key: 'address', header: t('catalogue.fields.address'), cell: (branch) => branch.branchAddress },
            { key: 'contact', header: t('catalogue.branches.contact'), cell: (branch) => branch.contactNo },
            {
              key: 'actions',
              header: t('catalogue.actions.actions'),
              headerHidden: true,
              cell: (branch) => (
                <div className="console-row">
                  <Button variant="secondary" onClick={() => setEditing(branch)}>
                    {t('catalogue.actions.edit')}
                    <span className="visually-hidden"> {branch.branchName}</span>
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(branch)}>
                    {t('catalogue.actions.delete')}
                    <span className="visually-hidden"> {branch.branchName}</span>
                  </Button>
                </div>
              ),
            },
          ]}
        />
      ) : null}
      {editing ? (
        <Dialog
          title={t('catalogue.branches.editTitle', { name: editing.branchName })}
          onClose={() => setEditing(null)}
        >
          <BranchForm branch={editing} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {deleting ? <DeleteBranchDialog branch={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

/** Adds a branch, or edits `branch` with the same fields. */
function BranchForm({ branch, onSaved }: { branch?: StaffBranch; onSaved?: () => void }) {
  const t = useT();
  const save = useSaveBranch();
  const blank: Fields = { branchName: '', contactNo: '', branchAddress: '', city: '', location: '' };
  const fields: EntityField<Fields, Values>[] = [
    { name: 'branchName', label: t('catalogue.branches.branchName'), kind: 'text' },
    { name: 'contactNo', label: t('catalogue.branches.contactNumber'), kind: 'text' },
    { name: 'branchAddress', label: t('catalogue.fields.address'), kind: 'text' },
    { name: 'city', label: t('catalogue.fields.city'), kind: 'text' },
    { name: 'location', label: t('catalogue.fields.mapLink'), kind: 'text', type: 'url' },
  ];
  return (
    <EntityForm
      schema={branchInputSchema}
      fields={fields}
      defaultValues={
        branch
          ? {
              branchName: branch.branchName,
              contactNo: branch.contactNo,
              branchAddress: branch.branchAddress,
              city: branch.city,
              location: branch.location,
            }
          : blank
      }
      submitLabel={branch ? t('catalogue.actions.save') : t('catalogue.branches.add')}
      save={save}
      onSubmit={(body, form) =>
        save.mutate(
          { id: branch?._id, body },
          { onSuccess: () => (branch ? onSaved?.() : form.reset(blank)) },
        )
      }
    />
  );
}

function DeleteBranchDialog({ branch, onClose }: { branch: StaffBranch; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteBranch();
  return (
    <ConfirmDialog
      title={t('catalogue.branches.deleteTitle', { name: branch.branchName })}
      confirmLabel={t('catalogue.actions.delete')}
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(branch._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {t('catalogue.branches.deleteBody')}
    </ConfirmDialog>
  );
}
