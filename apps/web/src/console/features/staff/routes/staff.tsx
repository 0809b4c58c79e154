import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { StaffAccount, StaffInviteRequest } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { ListTable, type Column } from '@/console/components/list-table';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useFormatDateTime } from '@/console/lib/format';
import { useStaffSession } from '@/console/lib/staff-session';
import { useResendStaffInvite } from '@/console/features/staff/api/account-actions';
import { useInviteStaff } from '@/console/features/staff/api/invite-staff';
import { useStaffList } from '@/console/features/staff/api/staff-list';
import { DisableDialog, ResetDialog, RoleDialog } from '@/console/features/staff/components/account-dialogs';
import { SetupLink, type SetupLinkAnswer } from '@/console/features/staff/components/setup-link';

/** What an admin may open on a row: a dialog of account-dialogs.tsx. */
type Opened = { dialog: 'role' | 'reset' | 'disable'; account: StaffAccount };

export function StaffRoute() {
  const list = useStaffList();
  const resend = useResendStaffInvite();
  const [opened, setOpened] = useState<Opened | null>(null);
  // The newest set-up link only (an invitation, or one sent again): an older one was spent by it.
  const [link, setLink] = useState<SetupLinkAnswer | null>(null);
  const t = useT();
  const failureText = useFailureText();
  const actions: RowActions = {
    myId: useStaffSession().staff?._id,
    open: (dialog, account) => setOpened({ dialog, account }),
    resend: (account) => {
      setLink(null);
      resend.mutate(account._id, { onSuccess: setLink });
    },
    resending: resend.isPending ? resend.variables : undefined,
  };
  const columns = useStaffColumns(actions);
  const close = () => setOpened(null);

  return (
    <div className="stack">
      <h1>{t('staff.title')}</h1>
      <InviteForm onLink={setLink} />
      {list.isPending ? <Skeleton lines={5} /> : null}
      {list.isError ? <QueryFailure query={list} networkMessage={messages.serverError} /> : null}
      <div aria-live="polite">
        {resend.isError ? <Alert tone="error">{failureText(resend.error)}</Alert> : null}
        {link ? <SetupLink answer={link} /> : null}
      </div>
      {list.data ? (
        <ListTable
          label={t('staff.caption')}
          caption={t('staff.caption')}
          rows={list.data.data}
          rowKey={(account) => account._id}
          columns={columns}
        />
      ) : null}
      {opened?.dialog === 'role' ? <RoleDialog account={opened.account} onClose={close} /> : null}
      {opened?.dialog === 'reset' ? <ResetDialog account={opened.account} onClose={close} /> : null}
      {opened?.dialog === 'disable' ? <DisableDialog account={opened.account} onClose={close} /> : null}
    </div>
  );
}

interface RowActions {
  myId: string | undefined;
  open: (dialog: Opened['dialog'], account: StaffAccount) => void;
  resend: (account: StaffAccount) => void;
  /** The id whose invitation is being sent again, if one is. */
  resending: string | undefined;
}

/**
 * The staff accounts' columns. The last offers what an admin may do to another person's account: its role,
 * its invitation again (invited) or its authenticator reset (active), and disabling it. Never one's own: the
 * server refuses each of them for oneself.
 */
function useStaffColumns(actions: RowActions): Column<StaffAccount>[] {
  const t = useT();
  const formatDateTime = useFormatDateTime();
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
      cell: (account) =>
        account.status !== 'disabled' && account._id !== actions.myId ? (
          <AccountActions account={account} actions={actions} />
        ) : null,
    },
  ];
}

/**
 * A row's buttons: short words to see, the person's name in each button's name for a screen reader (which
 * contains the words seen, WCAG 2.5.3).
 */
function AccountActions({ account, actions }: { account: StaffAccount; actions: RowActions }) {
  const t = useT();
  const { name } = account;
  return (
    <div className="console-row console-row--tight">
      <Button
        variant="secondary"
        aria-label={t('staff.changeRoleButton', { name })}
        onClick={() => actions.open('role', account)}
      >
        {t('staff.short.role')}
      </Button>
      {account.status === 'invited' ? (
        <Button
          variant="secondary"
          aria-label={t('staff.resendButton', { name })}
          loading={actions.resending === account._id}
          onClick={() => actions.resend(account)}
        >
          {t('staff.short.resend')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          aria-label={t('staff.resetButton', { name })}
          onClick={() => actions.open('reset', account)}
        >
          {t('staff.short.reset')}
        </Button>
      )}
      <Button
        variant="danger"
        aria-label={t('staff.disableButton', { name })}
        onClick={() => actions.open('disable', account)}
      >
        {t('staff.short.disable')}
      </Button>
    </div>
  );
}

function InviteForm({ onLink }: { onLink: (answer: SetupLinkAnswer | null) => void }) {
  const invite = useInviteStaff();
  const t = useT();
  const failureText = useFailureText();
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
            onLink(null);
            invite.mutate(form, {
              onSuccess: (answer) => {
                reset();
                onLink(answer);
              },
            });
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
    </section>
  );
}
