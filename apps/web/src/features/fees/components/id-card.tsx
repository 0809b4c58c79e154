import type { Quarter } from '@portal/shared/constants/courses';
import { QUARTER_COLOURS } from '@portal/shared/constants/fees';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { useRefreshExpiredPhoto } from '../../../lib/student-info';
import { QrCode } from './qr-code';

/** The quarter ID card (spec section 2): front with photo and details, back with a QR of the roll number. */
export function IdCard({ student, quarter }: { student: SessionStudent; quarter: Quarter }) {
  const titleId = useId();
  const rollNo = student.rollNo ?? '';
  const refreshExpiredPhoto = useRefreshExpiredPhoto();
  return (
    <section className="id-card" aria-labelledby={titleId} style={{ borderColor: QUARTER_COLOURS[quarter] }}>
      <h2 id={titleId} className="id-card__title">
        Student ID card ({quarter})
      </h2>
      <div className="id-card__sides">
        <article className="id-card__side" aria-label="ID card front">
          <p className="id-card__band" style={{ background: QUARTER_COLOURS[quarter] }}>
            {quarter}
          </p>
          {student.imageUrl ? (
            <img
              className="id-card__photo"
              src={student.imageUrl}
              onError={() => refreshExpiredPhoto(student.imageUrl ?? '')}
              width={120}
              height={120}
              alt={`Photo of ${student.fullName ?? 'the student'}`}
            />
          ) : (
            <div className="id-card__photo id-card__photo--empty">No photo</div>
          )}
          <dl className="fee-details">
            <div>
              <dt>Name</dt>
              <dd>{student.fullName ?? '—'}</dd>
            </div>
            <div>
              <dt>Roll number</dt>
              <dd>{rollNo || '—'}</dd>
            </div>
            <div>
              <dt>Course</dt>
              <dd>{student.course ?? '—'}</dd>
            </div>
            <div>
              <dt>Batch</dt>
              <dd>{student.batch ?? '—'}</dd>
            </div>
            <div>
              <dt>Quarter</dt>
              <dd>{quarter}</dd>
            </div>
          </dl>
        </article>
        <article className="id-card__side id-card__side--back" aria-label="ID card back">
          <QrCode value={rollNo} label={`QR code of roll number ${rollNo}`} />
          <p>If found, please return to the institution.</p>
        </article>
      </div>
    </section>
  );
}
