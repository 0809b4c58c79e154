import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { StaffAccount, StaffInviteRequest } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { ListTable, type Column } from '@/console/components/list-table';
import { useT } from '@/console/i18n';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useFormatDateTime } from '@/console/lib/format';
import { useStaffSession } from '@/console/lib/staff-session';
import { useDisableStaff } from '@/console/features/staff/api/disable-staff';
import { useInviteStaff } from '@/console/features/staff/api/invite-staff';
import { useStaffList } from '@/console/features/staff/api/staff-list';

export function StaffRoute() {
  const list = useStaffList();
  const me = useStaffSession().staff;
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);
  const t = useT();
  const formatDateTime = useFormatDateTime();

  return (
    <div className="stack">
      <h1>{t('staff.title')}</h1>
      <InviteForm />
      {list.isPending ? <Skeleton lines={5} /> : null}
      {list.isError ? (
        <FailurePanel
          error={list.error}
          networkMessage={messages.serverError}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        <ListTable
          label={t('staff.caption')}
          caption={t('staff.caption')}
          rows={list.data.data}
          rowKey={(account) => account._id}
          columns={staffColumns(t, formatDateTime, me?._id, setDisabling)}
        />
      ) : null}
      {disabling ? <DisableDialog account={disabling} onClose={() => setDisabling(null)} /> : null}
    </div>
  );
}

/** The staff accounts' columns; the last one offers to disable an account (`disable`), but never one's own. */
function staffColumns(
  t: ReturnType<typeof useT>,
  formatDateTime: ReturnType<typeof useFormatDateTime>,
  myId: string | undefined,
  disable: (account: StaffAccount) => void,
): Column<StaffAccount>[] {
  return [
    { key: 'name', header: t('staff.name'), cell: (account) => account.name },
    { key: 'email', header: t('staff.email'), cell: (account) => account.email },
    { key: 'role', header: t('staff.role'), cell: (account) => t(`app.role.${account.role}`) },
    { key: 'status', header: t('staff.status'), cell: (account) => t(`staff.statusValue.${account.status}`) },
    {
      key: 'lastSignIn',
      header: t('staff.lastSignIn'),
      cell: (account) => (account.lastSignInAt ? formatDateTime(account.lastSignInAt) : '—'),
    },
    {
      key: 'actions',
      header: t('staff.actions'),
      headerHidden: true,
      // The server refuses disabling oneself (staffCannotDisableSelf): no button for it.
      cell: (account) =>
        account.status !== 'disabled' && account._id !== myId ? (
          <Button variant="danger" onClick={() => disable(account)}>
            {t('staff.disableButton', { name: account.name })}
          </Button>
        ) : null,
    },
  ];
}

function InviteForm() {
  const invite = useInviteStaff();
  const [copied, setCopied] = useState(false);
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const formatDateTime = useFormatDateTime();
  const { register, handleSubmit, formState, reset, trigger } = useForm<StaffInviteRequest>({
    defaultValues: { email: '', name: '', role: 'admissions' },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;

  return (
    <section className="console-section stack" aria-label={t('staff.invite.title')}>
      <h2>{t('staff.invite.title')}</h2>
      <form
        className="filter-bar"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((form) => {
            setCopied(false);
            invite.mutate(form, { onSuccess: () => reset() });
          })(event)
        }
      >
        <TextField
          label={t('staff.email')}
          type="email"
          error={errors.email?.message}
          {...register('email', { required: t('staff.invite.emailRequired') })}
        />
        <TextField
          label={t('staff.name')}
          error={errors.name?.message}
          {...register('name', {
            minLength: { value: 2, message: t('staff.invite.nameRequired') },
            required: t('staff.invite.nameRequired'),
          })}
        />
        <Select
          label={t('staff.role')}
          options={STAFF_ROLES.map((role) => ({ value: role, label: t(`app.role.${role}`) }))}
          {...register('role')}
        />
        <Button type="submit" loading={invite.isPending}>
          {t('staff.invite.submit')}
        </Button>
      </form>
      {invite.isError ? <Alert tone="error">{failureText(invite.error)}</Alert> : null}
      {invite.data ? (
        <Alert tone="success">
          {t('staff.invite.sent', {
            message: answerText(invite.data),
            email: invite.data.data.email,
            until: formatDateTime(invite.data.expiresAt),
          })}
          <br />
          <code className="console-secret">{invite.data.setupUrl}</code>{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(invite.data.setupUrl).then(() => setCopied(true));
            }}
          >
            {copied ? t('staff.invite.copied') : t('staff.invite.copy')}
          </Button>
        </Alert>
      ) : null}
    </section>
  );
}

function DisableDialog({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const disable = useDisableStaff();
  const t = useT();
  return (
    <ConfirmDialog
      title={t('staff.disable.title', { name: account.name })}
      confirmLabel={t('staff.disable.confirm')}
      isPending={disable.isPending}
      isError={disable.isError}
      error={disable.error}
      onConfirm={() => disable.mutate(account._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {t('staff.disable.body', { email: account.email })}
    </ConfirmDialog>
  );
}
