import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SectionBoundary } from '../../../components/ui/section-boundary';
import { useStaffLogout } from '../../features/auth/api/logout';
import { pagesFor } from '../../lib/roles';
import { useStaffSession } from '../../lib/staff-session';

/** The console's frame: a left nav with the pages this person's role may open, and sign-out. */
export function ConsoleShell() {
  const { staff } = useStaffSession();
  const logout = useStaffLogout();
  const navigate = useNavigate();
  if (!staff) return null;

  return (
    <div className="console-shell">
      <nav className="console-shell__nav" aria-label="Staff console">
        <p className="console-shell__brand">Staff console</p>
        <ul>
          {pagesFor(staff.role).map((page, index, pages) => {
            const group = 'group' in page ? page.group : undefined;
            const previous = pages[index - 1];
            const opensGroup =
              group !== undefined && (!previous || !('group' in previous) || previous.group !== group);
            return (
              <li key={page.path}>
                {opensGroup ? <p className="console-shell__group">{group}</p> : null}
                <NavLink to={page.path} end={page.path === '/staff'}>
                  {page.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
        <div className="console-shell__who">
          <p>
            {staff.name}
            <br />
            <small>{staff.role}</small>
          </p>
          <Button
            variant="secondary"
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => void navigate('/staff/signin', { replace: true }) })
            }
          >
            Sign out
          </Button>
        </div>
      </nav>
      <main className="console-shell__main">
        <SectionBoundary name="console page">
          <Outlet />
        </SectionBoundary>
      </main>
    </div>
  );
}
