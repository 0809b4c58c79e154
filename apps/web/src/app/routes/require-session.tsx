import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberCurrentPath, useSession } from '@/lib/session';

/**
 * The gate of every protected route (spec section 6): without a stored session with a token the visitor goes
 * to sign-in, which brings them back here after login. After a logout there is nowhere to come back to.
 */
export function RequireSession() {
  const { student, ended } = useSession();
  const { pathname, search, hash } = useLocation();
  const path = pathname + search + hash;
  const signedIn = Boolean(student?.databaseToken);

  useEffect(() => {
    if (signedIn) rememberCurrentPath(path);
  }, [signedIn, path]);

  if (!signedIn) return <Navigate to="/" replace state={ended === 'logout' ? null : { from: path }} />;
  return <Outlet />;
}
