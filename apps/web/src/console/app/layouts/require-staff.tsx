import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { messages } from '@portal/shared/messages';
import { FailurePanel } from '@/components/ui/failure-panel';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/console/features/auth/api/me';
import { signedIn, useStaffSession } from '@/console/lib/staff-session';
import { ConsoleLoading } from '@/console/app/routes/console-loading';

/** The signed-in part of the console: asks /staffapi/me once, then sends anyone without a session to sign-in. */
export function RequireStaff() {
  const session = useStaffSession();
  const me = useMe(session.staff === null && session.ended === null);

  useEffect(() => {
    if (me.data && session.ended === null) signedIn(me.data.staff);
  }, [me.data, session.ended]);

  if (session.staff) return <Outlet />;
  if (session.ended !== null) return <Navigate to="/staff/signin" replace />;
  if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/staff/signin" replace />;
  if (me.error) {
    return (
      <main className="console-centre">
        <FailurePanel
          error={me.error}
          networkMessage={messages.serverError}
          onRetry={() => void me.refetch()}
        />
      </main>
    );
  }
  return <ConsoleLoading />;
}
