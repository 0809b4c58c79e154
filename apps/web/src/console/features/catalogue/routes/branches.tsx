import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { branchInputSchema, type StaffBranch } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { TableScroll } from '../../../components/table-scroll';
import { useBranches, useDeleteBranch, useSaveBranch } from '../api/branches';
import '../components/catalogue.css';

type Fields = z.input<typeof branchInputSchema>;
type Values = z.output<typeof branchInputSchema>;

export function BranchesRoute() {
  const branches = useBranches();
  const [editing, setEditing] = useState<StaffBranch | null>(null);
  const [deleting, setDeleting] = useState<StaffBranch | null>(null);

  return (
    <div className="stack">
      <h1>Payment branches</h1>
      <section className="console-section stack" aria-label="Add a branch">
        <h2>Add a branch</h2>
        <BranchForm />
      </section>
      <QueryState query={branches} />
      {branches.data ? (
        <TableScroll label="Payment branches">
          <table className="console-table">
            <caption>Payment branches ({branches.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Branch</th>
                <th scope="col">City</th>
                <th scope="col">Address</th>
                <th scope="col">Contact</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {branches.data.map((branch) => (
                <tr key={branch._id}>
                  <td>
                    {branch.location ? (
                      <a href={branch.location} target="_blank" rel="noreferrer">
                        {branch.branchName}
                      </a>
                    ) : (
                      branch.branchName
                    )}
                  </td>
                  <td>{branch.city}</td>
                  <td>{branch.branchAddress}</td>
                  <td>{branch.contactNo}</td>
                  <td>
                    <div className="console-row">
                      <Button variant="secondary" onClick={() => setEditing(branch)}>
                        Edit<span className="visually-hidden"> {branch.branchName}</span>
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(branch)}>
                        Delete<span className="visually-hidden"> {branch.branchName}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {editing ? (
        <Dialog title={`Edit ${editing.branchName}`} onClose={() => setEditing(null)}>
          <BranchForm branch={editing} onSaved={() => setEditing(null)} />
        </Dialog>
      ) : null}
      {deleting ? <DeleteBranchDialog branch={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function BranchForm({ branch, onSaved }: { branch?: StaffBranch; onSaved?: () => void }) {
  const save = useSaveBranch();
  const blank: Fields = { branchName: '', contactNo: '', branchAddress: '', city: '', location: '' };
  const { register, handleSubmit, formState, reset } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(branchInputSchema),
    defaultValues: branch
      ? {
          branchName: branch.branchName,
          contactNo: branch.contactNo,
          branchAddress: branch.branchAddress,
          city: branch.city,
          location: branch.location,
        }
      : blank,
  });
  const { errors } = formState;
  function onSubmit(body: Values) {
    save.mutate({ id: branch?._id, body }, { onSuccess: () => (branch ? onSaved?.() : reset(blank)) });
  }
  return (
    <form className="console-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField label="Branch name" error={errors.branchName?.message} {...register('branchName')} />
      <TextField label="Contact number" error={errors.contactNo?.message} {...register('contactNo')} />
      <TextField label="Address" error={errors.branchAddress?.message} {...register('branchAddress')} />
      <TextField label="City" error={errors.city?.message} {...register('city')} />
      <TextField label="Map link" type="url" error={errors.location?.message} {...register('location')} />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {branch ? 'Save' : 'Add branch'}
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{failureMessage(save.error, { network: messages.serverError })}</Alert>
      ) : null}
    </form>
  );
}

function DeleteBranchDialog({ branch, onClose }: { branch: StaffBranch; onClose: () => void }) {
  const remove = useDeleteBranch();
  return (
    <ConfirmDialog
      title={`Delete ${branch.branchName}?`}
      confirmLabel="Delete"
      isPending={remove.isPending}
      isError={remove.isError}
      error={remove.error}
      onConfirm={() => remove.mutate(branch._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      Students will no longer see this branch among the places to pay.
    </ConfirmDialog>
  );
}
