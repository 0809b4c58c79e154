import type { Quarter } from '@portal/shared/constants/courses';
import { QUARTER_COLOURS } from '@portal/shared/constants/fees';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useId } from 'react';
import { useRefreshExpiredPhoto } from '@/lib/student-info';
import { useT } from '@/features/fees/i18n';
import { bilingual, PrintDetails, PrintLabel, PrintNote, type PrintDetail } from './print-text';
import { QrCode } from './qr-code';

/**
 * The quarter ID card (spec section 2): front with photo and details, back with a QR of the roll number. An
 * exam centre reads it: its labels and details stay in English, left to right, with the Urdu beside them on
 * an Urdu page.
 */
export function IdCard({ student, quarter }: { student: SessionStudent; quarter: Quarter }) {
  const t = useT();
  const titleId = useId();
  const rollNo = student.rollNo ?? '';
  const refreshExpiredPhoto = useRefreshExpiredPhoto();
  const details: PrintDetail[] = [
    { english: 'Name', urdu: t('idCard.name'), value: student.fullName ?? '—' },
    { english: 'Roll number', urdu: t('voucher.rollNumber'), value: rollNo || '—' },
    { english: 'Course', urdu: t('voucher.course'), value: student.course ?? '—' },
    { english: 'Batch', urdu: t('voucher.batch'), value: student.batch ?? '—' },
    { english: 'Quarter', urdu: t('voucher.quarter'), value: quarter },
  ];
  return (
    <section
      className="id-card"
      aria-labelledby={titleId}
      style={{ borderColor: QUARTER_COLOURS[quarter] }}
      dir="ltr"
      lang="en"
    >
      <h2 id={titleId} className="id-card__title">
        <PrintLabel english={`Student ID card (${quarter})`} urdu={t('idCard.title', { quarter })} />
      </h2>
      <div className="id-card__sides">
        <article className="id-card__side" aria-label={bilingual('ID card front', t('idCard.front'))}>
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
              alt={
                student.fullName
                  ? bilingual(`Photo of ${student.fullName}`, t('idCard.photoOf', { name: student.fullName }))
                  : bilingual('Photo of the student', t('idCard.photoOfStudent'))
              }
            />
          ) : (
            <div className="id-card__photo id-card__photo--empty">
              <PrintLabel english="No photo" urdu={t('idCard.noPhoto')} />
            </div>
          )}
          <PrintDetails details={details} />
        </article>
        <article
          className="id-card__side id-card__side--back"
          aria-label={bilingual('ID card back', t('idCard.back'))}
        >
          <QrCode
            value={rollNo}
            label={bilingual(`QR code of roll number ${rollNo}`, t('idCard.qrLabel', { rollNo }))}
          />
          <PrintNote
            className="id-card__note"
            english="If found, please return to the institution."
            urdu={t('idCard.returnNote')}
          />
        </article>
      </div>
    </section>
  );
}
