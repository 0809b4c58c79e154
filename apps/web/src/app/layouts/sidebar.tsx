import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { Helpline } from './helpline';
import { useT } from './i18n';

export interface LearningLinks {
  /** Text Books and Exam show only when the student's course links include them (spec section 2). */
  textbooks: boolean;
  exam: boolean;
}

interface SidebarProps {
  learningLinks?: LearningLinks;
  /** Called when a link is followed (the phone drawer closes). */
  onNavigate: () => void;
}

function Item({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate: () => void }) {
  return (
    <li>
      <NavLink to={to} className="sidebar__link" onClick={onNavigate}>
        {children}
      </NavLink>
    </li>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <li className="sidebar__group">
      <span id={id} className="sidebar__group-label">
        {label}
      </span>
      <ul aria-labelledby={id}>{children}</ul>
    </li>
  );
}

export function Sidebar({ learningLinks = { textbooks: false, exam: false }, onNavigate }: SidebarProps) {
  const t = useT();
  return (
    <>
      <nav aria-label={t('nav.label')} className="sidebar__nav">
        <ul>
          <Item to="/home" onNavigate={onNavigate}>
            {t('nav.dashboard')}
          </Item>
          <Group label={t('nav.profile')}>
            <Item to="/profile" onNavigate={onNavigate}>
              {t('nav.info')}
            </Item>
            <li>
              <LogoutButton className="sidebar__link sidebar__logout" variant="link" />
            </li>
            <Item to="/change-password" onNavigate={onNavigate}>
              {t('nav.changePassword')}
            </Item>
            <Item to="/student-card" onNavigate={onNavigate}>
              {t('nav.getCard')}
            </Item>
          </Group>
          <Group label={t('nav.payment')}>
            <Item to="/payment" onNavigate={onNavigate}>
              {t('nav.payments')}
            </Item>
            <Item to="/paymenthistory" onNavigate={onNavigate}>
              {t('nav.paymentHistory')}
            </Item>
            <Item to="/paymentbranches" onNavigate={onNavigate}>
              {t('nav.paymentBranches')}
            </Item>
          </Group>
          <Item to="/onlinecourses" onNavigate={onNavigate}>
            {t('nav.onlineLectures')}
          </Item>
          {learningLinks.textbooks ? (
            <Item to="/textbooks" onNavigate={onNavigate}>
              {t('nav.textbooks')}
            </Item>
          ) : null}
          {learningLinks.exam ? (
            <Item to="/exam" onNavigate={onNavigate}>
              {t('nav.exam')}
            </Item>
          ) : null}
          <Item to="/announcements" onNavigate={onNavigate}>
            {t('nav.announcements')}
          </Item>
        </ul>
      </nav>
      <Helpline />
    </>
  );
}
