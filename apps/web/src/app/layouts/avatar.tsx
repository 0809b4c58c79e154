import type { Student } from '@portal/shared/schemas/student';
import { cx } from '@/lib/class-names';
import { useRefreshExpiredPhoto } from '@/lib/student-info';

function initials(student: Pick<Student, 'fullName' | 'email'>): string {
  const words = (student.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [student.email[0]];
  return letters.join('').toUpperCase();
}

/** The student's photo, or their initials until a photo is uploaded. Decorative: a name is always nearby. */
export function Avatar({ student, size = 'small' }: { student: Student; size?: 'small' | 'large' }) {
  const className = cx('avatar', `avatar--${size}`);
  const refreshExpiredPhoto = useRefreshExpiredPhoto();
  const { imageUrl } = student;
  if (imageUrl) {
    return <img className={className} src={imageUrl} alt="" onError={() => refreshExpiredPhoto(imageUrl)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initials(student)}
    </span>
  );
}
