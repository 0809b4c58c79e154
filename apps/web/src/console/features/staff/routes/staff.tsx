import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { StaffAccount, StaffInviteRequest } from '@portal/shared/schemas/staff';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Select } from '../../../../components/ui/select';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { optionsOf } from '../../../components/filter-bar';
import { formatDateTime } from '../../../lib/format';
import { useStaffSession } from '../../../lib/staff-session';
import { useDisableStaff } from '../api/disable-staff';
import { useInviteStaff } from '../api/invite-staff';
import { useStaffList } from '../api/staff-list';

export function StaffRoute() {
  const list = useStaffList();
  const me = useStaffSession().staff;
  const [disabling, setDisabling] = useState<StaffAccount | null>(null);

  return (
    <div className="stack">
      <h1>Staff</h1>
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
        <table className="console-table">
          <caption>Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((account) => (
              <tr key={account._id}>
                <td>{account.name}</td>
                <td>{account.email}</td>
                <td>{account.role}</td>
                <td>{account.status}</td>
                <td>{account.lastSignInAt ? formatDateTime(account.lastSignInAt) : '—'}</td>
                <td>
                  {/* The server refuses disabling oneself (staffCannotDisableSelf): no button for it. */}
                  {account.status !== 'disabled' && account._id !== me?._id ? (
                    <Button variant="danger" onClick={() => setDisabling(account)}>
                      Disable {account.name}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {disabling ? <DisableDialog account={disabling} onClose={() => setDisabling(null)} /> : null}
    </div>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const [copied, setCopied] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<StaffInviteRequest>({
    defaultValues: { email: '', name: '', role: 'admissions' },
  });
  const { errors } = formState;

  return (
    <section className="console-section stack" aria-label="Invite a staff member">
      <h2>Invite a staff member</h2>
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
          label="E-mail"
          type="email"
          error={errors.email?.message}
          {...register('email', { required: 'Enter the e-mail' })}
        />
        <TextField
          label="Name"
          error={errors.name?.message}
          {...register('name', {
            minLength: { value: 2, message: 'Enter the name' },
            required: 'Enter the name',
          })}
        />
        <Select label="Role" options={optionsOf(STAFF_ROLES)} {...register('role')} />
        <Button type="submit" loading={invite.isPending}>
          Invite
        </Button>
      </form>
      {invite.isError ? (
        <Alert tone="error">{failureMessage(invite.error, { network: messages.serverError })}</Alert>
      ) : null}
      {invite.data ? (
        <Alert tone="success">
          {invite.data.message}. Send this set-up link to {invite.data.data.email}; it works once, until{' '}
          {formatDateTime(invite.data.expiresAt)}:
          <br />
          <code className="console-secret">{invite.data.setupUrl}</code>{' '}
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(invite.data.setupUrl).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </Alert>
      ) : null}
    </section>
  );
}

function DisableDialog({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const disable = useDisableStaff();
  return (
    <ConfirmDialog
      title={`Disable ${account.name}?`}
      confirmLabel="Disable"
      isPending={disable.isPending}
      isError={disable.isError}
      error={disable.error}
      onConfirm={() => disable.mutate(account._id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {account.email} will no longer be able to sign in, and their open sessions end at once.
    </ConfirmDialog>
  );
}
