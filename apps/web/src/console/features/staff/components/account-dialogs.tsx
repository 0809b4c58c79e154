import { useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/constants/staff';
import type { StaffAccount } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { ConfirmDialog } from '@/console/components/confirm-dialog';
import { DialogForm } from '@/console/components/dialog-form';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useDisableStaff } from '@/console/features/staff/api/disable-staff';
import { useChangeStaffRole, useResetStaffAuthenticator } from '@/console/features/staff/api/account-actions';
import { SetupLink } from '@/console/features/staff/components/setup-link';

interface AccountDialogProps {
  account: StaffAccount;
  onClose: () => void;
}

/** The new role, picked in the dialog and confirmed there: a role opens or closes whole parts of the console. */
export function RoleDialog({ account, onClose }: AccountDialogProps) {
  const change = useChangeStaffRole();
  const [role, setRole] = useState<StaffRole>(account.role);
  const t = useT();
  const failureText = useFailureText();
  return (
    <DialogForm
      title={t('staff.roleChange.title', { name: account.name })}
      onClose={onClose}
      onSubmit={() => change.mutate({ id: account._id, role }, { onSuccess: onClose })}
    >
      <p>{t('staff.roleChange.current', { email: account.email, role: t(`app.role.${account.role}`) })}</p>
      <Select
        label={t('staff.roleChange.newRole')}
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        options={STAFF_ROLES.map((value) => ({ value, label: t(`app.role.${value}`) }))}
      />
      {change.isError ? <Alert tone="error">{failureText(change.error)}</Alert> : null}
      <div className="console-row">
        <Button type="submit" loading={change.isPending} disabled={role === account.role}>
          {t('staff.roleChange.confirm')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('app.cancel')}
        </Button>
      </div>
    </DialogForm>
  );
}

/**
 * A lost authenticator: confirmed first, as it signs the person out; then the fresh link to hand over, in a
 * dialog its own close button ends.
 */
export function ResetDialog({ account, onClose }: AccountDialogProps) {
  const reset = useResetStaffAuthenticator();
  const t = useT();
  if (reset.data)
    return (
      <Dialog title={t('staff.linkFor', { name: account.name })} onClose={onClose}>
        <SetupLink answer={reset.data} />
      </Dialog>
    );
  return (
    <ConfirmDialog
      title={t('staff.reset.title', { name: account.name })}
      confirmLabel={t('staff.reset.confirm')}
      isPending={reset.isPending}
      isError={reset.isError}
      error={reset.error}
      onConfirm={() => reset.mutate(account._id)}
      onClose={onClose}
    >
      {t('staff.reset.body', { email: account.email })}
    </ConfirmDialog>
  );
}

export function DisableDialog({ account, onClose }: AccountDialogProps) {
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
