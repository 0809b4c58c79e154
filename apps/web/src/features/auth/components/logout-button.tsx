import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { useLogout } from '@/features/auth/api/logout';
import { useT } from '@/features/auth/i18n';

interface LogoutButtonProps {
  className?: string;
  variant?: ButtonProps['variant'];
}

/** Logout: pending, then the session ends (the route guard sends the person to /) or the failure shows here. */
export function LogoutButton({ className, variant = 'secondary' }: LogoutButtonProps) {
  const t = useT();
  const logout = useLogout();

  return (
    <>
      <Button
        variant={variant}
        className={className}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {t('logout')}
      </Button>
      {logout.isError ? (
        <Alert tone="error">{failureMessage(logout.error, { network: messages.genericFailure })}</Alert>
      ) : null}
    </>
  );
}
