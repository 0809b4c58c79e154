import { NavLink, Outlet, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SectionBoundary } from '@/components/ui/section-boundary';
import { LanguageSwitch } from '@/console/components/language-switch';
import { useStaffLogout } from '@/console/features/auth/api/logout';
import { useT } from '@/console/i18n';
import { navFor, navLabelIds } from '@/console/lib/roles';
import { useStaffSession } from '@/console/lib/staff-session';

/** The console's frame: a left nav with the pages this person's role may open, the language, and sign-out. */
export function ConsoleShell() {
  const { staff } = useStaffSession();
  const logout = useStaffLogout();
  const navigate = useNavigate();
  const t = useT();
  if (!staff) return null;

  return (
    <div className="console-shell">
      <nav className="console-shell__nav" aria-label={t('app.shell.title')}>
        <p className="console-shell__brand">{t('app.shell.title')}</p>
        {navFor(staff.role).map(({ group, pages }) => (
          <div key={group ?? ''} className="console-shell__group">
            {group ? (
              <p className="console-shell__group-title" id={`nav-${group}`}>
                {t(`app.navGroup.${group}`)}
              </p>
            ) : null}
            <ul aria-labelledby={group ? `nav-${group}` : undefined}>
              {pages.map((page) => (
                <li key={page.path}>
                  <NavLink to={page.path} end={page.path === '/staff'}>
                    {t(`app.nav.${navLabelIds[page.path]}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="console-shell__who">
          <p>
            {staff.name}
            <br />
            <small>{t(`app.role.${staff.role}`)}</small>
          </p>
          <NavLink to="/staff/account">{t('app.nav.account')}</NavLink>
          <LanguageSwitch />
          <Button
            variant="secondary"
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => void navigate('/staff/signin', { replace: true }) })
            }
          >
            {t('app.shell.signOut')}
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
