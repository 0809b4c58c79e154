import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/lib/i18n';
import { canOpen, pagesFor, type ConsolePath } from '@/console/lib/roles';
import { useStaffSession } from '@/console/lib/staff-session';

/** A page only some roles may open: the others read the server's 403 sentence instead of calls that fail. */
export function RequireRole({ path, children }: { path: ConsolePath; children: ReactNode }) {
  const { staff } = useStaffSession();
  const tm = useMessageText();
  if (!staff) return null;
  if (canOpen(staff.role, path)) return children;
  // The overview is the landing page; a role without it lands on its first page instead.
  const first = pagesFor(staff.role)[0];
  if (path === '/staff' && first) return <Navigate to={first.path} replace />;
  return <Alert tone="error">{tm(messages.forbidden)}</Alert>;
}
