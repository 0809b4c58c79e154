import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { Helpline } from './helpline';

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
  return (
    <>
      <nav aria-label="Main" className="sidebar__nav">
        <ul>
          <Item to="/home" onNavigate={onNavigate}>
            Dashboard
          </Item>
          <Group label="Profile">
            <Item to="/profile" onNavigate={onNavigate}>
              Info
            </Item>
            <li>
              <LogoutButton className="sidebar__link sidebar__logout" variant="link" />
            </li>
            <Item to="/change-password" onNavigate={onNavigate}>
              Change Password
            </Item>
            <Item to="/student-card" onNavigate={onNavigate}>
              Get Card
            </Item>
          </Group>
          <Group label="Payment">
            <Item to="/payment" onNavigate={onNavigate}>
              Payments
            </Item>
            <Item to="/paymenthistory" onNavigate={onNavigate}>
              Payment History
            </Item>
            <Item to="/paymentbranches" onNavigate={onNavigate}>
              Payment Branches
            </Item>
          </Group>
          <Item to="/onlinecourses" onNavigate={onNavigate}>
            Online Lectures
          </Item>
          {learningLinks.textbooks ? (
            <Item to="/textbooks" onNavigate={onNavigate}>
              Text Books
            </Item>
          ) : null}
          {learningLinks.exam ? (
            <Item to="/exam" onNavigate={onNavigate}>
              Exam
            </Item>
          ) : null}
          <Item to="/announcements" onNavigate={onNavigate}>
            Announcements
          </Item>
        </ul>
      </nav>
      <Helpline />
    </>
  );
}
