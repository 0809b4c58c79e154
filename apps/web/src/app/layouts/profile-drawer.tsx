import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { Avatar } from './avatar';

interface ProfileDrawerProps {
  student: SessionStudent;
  onClose: () => void;
}

export function ProfileDrawer({ student, onClose }: ProfileDrawerProps) {
  const rows: Array<[label: string, value: string | null]> = [
    ['Email', student.email],
    ['CNIC', student.cnic],
    ['Roll number', student.rollNo],
    ['Status', student.status],
    ['Course', student.course],
    ['Batch', student.batch],
    ['City of study', student.cityOfStudy],
  ];

  return (
    <Dialog title="My profile" variant="drawer-end" onClose={onClose}>
      <div className="profile-drawer__identity">
        <Avatar student={student} size="large" />
        <p className="profile-drawer__name">{student.fullName ?? student.email}</p>
        {student.canEditProfile ? (
          <Link to="/profile" state={{ isEditing: true }} className="profile-drawer__edit" onClick={onClose}>
            Edit Profile
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
