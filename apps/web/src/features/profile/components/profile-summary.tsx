import { messages } from '@portal/shared/messages';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { useMessageText } from '@/lib/i18n';
import { useProvinceLabel } from '@/lib/reference-lists';
import { useT } from '@/features/profile/i18n';

/**
 * /profile once the profile is complete (Profile › Info): the student's own information, read-only, with
 * Edit where the edit flag allows it (issue 24, point 4). Values are shown as words, not stored codes.
 */
export function ProfileSummary({ student }: { student: SessionStudent }) {
  const t = useT();
  const tm = useMessageText();
  const province = useProvinceLabel(student.province);
  const gender = student.gender ? t(`personal.${student.gender}`) : null;
  const rows: [string, string | null][] = [
    [t('personal.fullName'), student.fullName],
    [t('personal.fatherName'), student.fatherName],
    [t('summary.email'), student.email],
    [t('summary.cnic'), student.cnic],
    [t('personal.dob'), student.dob],
    [t('personal.gender'), gender],
    [t('personal.qualification'), student.lastQualification],
    [t('personal.phone'), student.phoneNumber],
    [t('address.home'), student.homeAddress],
    [t('address.province'), province],
    [t('address.city'), student.city],
    [
      t('summary.laptop'),
      student.haveLaptop === null ? null : t(student.haveLaptop ? 'summary.yes' : 'summary.no'),
    ],
  ];
  return (
    <Card title={t('title')} className="profile-summary">
      <p>{t('summary.intro')}</p>
      {student.imageUrl ? (
        <img className="profile-summary__photo" src={student.imageUrl} alt={t('summary.photoAlt')} />
      ) : null}
      <dl className="profile-summary__list">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-summary__row">
            <dt>{label}</dt>
            <dd dir="auto">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {student.canEditProfile ? (
        <p>
          <Link to="/profile" state={{ isEditing: true }} className="button button--secondary">
            {t('summary.edit')}
          </Link>
        </p>
      ) : (
        <Alert tone="info">{tm(messages.profileEditDisabled, 'profileEditDisabled')}</Alert>
      )}
      <p>
        <Link to="/courses">{t('backToCourses')}</Link>
      </p>
    </Card>
  );
}
