import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { useCourseLinks } from '@/features/learning/api/course-links';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { BrandMark } from './brand-mark';
import { Avatar } from './avatar';
import { useT } from './i18n';
import { LanguageSwitch } from './language-switch';
import { ProfileDrawer } from './profile-drawer';
import { Sidebar } from './sidebar';
import './app-shell.css';

/**
 * The frame of every logged-in page: navbar with the profile drawer, the sidebar (a column on wide screens,
 * a drawer behind the menu button on a phone) and the page itself.
 */
export function AppShell() {
  const t = useT();
  const { student } = useSession();
  // Text Books and Exam show in the sidebar only when the course links offer them (spec section 2); a
  // student without a course, or a failed call, has neither.
  const courseLinks = useCourseLinks(student);
  const shown = courseLinks.isSuccess ? courseLinks.data : null;
  const learningLinks = { textbooks: shown?.showTextbooks ?? false, exam: shown?.showExam ?? false };
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  useEffect(() => {
    if (menuOpen) sidebar.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [menuOpen]);

  // RequireSession renders the shell only with a session; this keeps the types honest.
  if (!student) return <Navigate to="/" replace />;

  function closeMenu() {
    setMenuOpen(false);
  }

  function handleSidebarKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    menuButton.current?.focus();
  }

  return (
    <div className="shell">
      <header className="navbar">
        <button
          ref={menuButton}
          type="button"
          className="navbar__icon-button navbar__menu"
          aria-controls="sidebar"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('menu')}</span>
        </button>
        <Link to="/home" className="navbar__brand">
          <BrandMark />
        </Link>
        <LanguageSwitch className="navbar__language" />
        <button
          type="button"
          className="navbar__icon-button navbar__avatar"
          aria-haspopup="dialog"
          onClick={() => setProfileOpen(true)}
        >
          {/* Wide screens say whose portal this is; the button's name stays "Open my profile". */}
          <span className="navbar__name" aria-hidden="true">
            {student.fullName ?? student.email}
          </span>
          <Avatar student={student} />
          <span className="visually-hidden">{t('openProfile')}</span>
        </button>
      </header>
      <div className="shell__body">
        {menuOpen ? <div className="shell__scrim" aria-hidden="true" onClick={closeMenu} /> : null}
        <aside
          id="sidebar"
          ref={sidebar}
          className={cx('sidebar', menuOpen && 'sidebar--open')}
          onKeyDown={handleSidebarKeyDown}
        >
          <Sidebar learningLinks={learningLinks} onNavigate={closeMenu} />
        </aside>
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {profileOpen ? <ProfileDrawer student={student} onClose={() => setProfileOpen(false)} /> : null}
    </div>
  );
}
