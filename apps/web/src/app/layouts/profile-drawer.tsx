import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { Avatar } from './avatar';
import { useT } from './i18n';

interface ProfileDrawerProps {
  student: SessionStudent;
  onClose: () => void;
}

export function ProfileDrawer({ student, onClose }: ProfileDrawerProps) {
  const t = useT();
  const rows: Array<[label: string, value: string | null]> = [
    [t('profileDrawer.email'), student.email],
    [t('profileDrawer.cnic'), student.cnic],
    [t('profileDrawer.rollNumber'), student.rollNo],
    [t('profileDrawer.status'), student.status],
    [t('profileDrawer.course'), student.course],
    [t('profileDrawer.batch'), student.batch],
    [t('profileDrawer.cityOfStudy'), student.cityOfStudy],
  ];

  return (
    <Dialog title={t('profileDrawer.title')} variant="drawer-end" onClose={onClose}>
      <div className="profile-drawer__identity">
        <Avatar student={student} size="large" />
        <p className="profile-drawer__name">{student.fullName ?? student.email}</p>
        {student.canEditProfile ? (
          <Link to="/profile" state={{ isEditing: true }} className="profile-drawer__edit" onClick={onClose}>
            {t('profileDrawer.edit')}
          </Link>
        ) : null}
      </div>
      <table className="info-table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <LogoutButton variant="danger" />
    </Dialog>
  );
}
