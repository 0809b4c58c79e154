import type { SessionStudent } from '@portal/shared/schemas/student';
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
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
  const { student } = useSession();
  // Text Books and Exam show in the sidebar only when the course links offer them (spec section 2); a
  // student without a course, or a failed call, has neither.
  const courseLinks = useCourseLinks(student);
  const shown = courseLinks.isSuccess ? courseLinks.data : null;
  const learningLinks = { textbooks: shown?.showTextbooks ?? false, exam: shown?.showExam ?? false };
  const { menuOpen, toggleMenu, closeMenu, menuButtonRef, sidebarRef, handleSidebarKeyDown } =
    useMenuDrawer();
  const [profileOpen, setProfileOpen] = useState(false);

  // RequireSession renders the shell only with a session; this keeps the types honest.
  if (!student) return <Navigate to="/" replace />;

  return (
    <div className="shell">
      <header className="navbar">
        <MenuButton ref={menuButtonRef} menuOpen={menuOpen} onToggle={toggleMenu} />
        <Link to="/home" className="navbar__brand">
          <BrandMark />
        </Link>
        <LanguageSwitch className="navbar__language" />
        <ProfileButton student={student} onOpen={() => setProfileOpen(true)} />
      </header>
      <div className="shell__body">
        {menuOpen ? <div className="shell__scrim" aria-hidden="true" onClick={closeMenu} /> : null}
        <aside
          id="sidebar"
          ref={sidebarRef}
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

/**
 * The sidebar as a drawer on a phone: open, focus goes to its first link; Escape closes it and returns the
 * focus to the menu button.
 */
function useMenuDrawer() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (menuOpen) sidebarRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [menuOpen]);

  function toggleMenu() {
    setMenuOpen((open) => !open);
  }

  function closeMenu() {
    setMenuOpen(false);
  }

  function handleSidebarKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !menuOpen) return;
    closeMenu();
    menuButtonRef.current?.focus();
  }

  return { menuOpen, toggleMenu, closeMenu, menuButtonRef, sidebarRef, handleSidebarKeyDown };
}

interface MenuButtonProps {
  ref: Ref<HTMLButtonElement>;
  menuOpen: boolean;
  onToggle: () => void;
}

/** The navbar's menu button, which opens and closes the sidebar drawer. */
function MenuButton({ ref, menuOpen, onToggle }: MenuButtonProps) {
  const t = useT();
  return (
    <button
      ref={ref}
      type="button"
      className="navbar__icon-button navbar__menu"
      aria-controls="sidebar"
      aria-expanded={menuOpen}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t('menu')}</span>
    </button>
  );
}

/** The navbar's avatar button, which opens the profile drawer. */
function ProfileButton({ student, onOpen }: { student: SessionStudent; onOpen: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="navbar__icon-button navbar__avatar"
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {/* Wide screens say whose portal this is; the button's name stays "Open my profile". */}
      <span className="navbar__name" aria-hidden="true">
        {student.fullName ?? student.email}
      </span>
      <Avatar student={student} />
      <span className="visually-hidden">{t('openProfile')}</span>
    </button>
  );
}
