import type { ReactNode } from 'react';
import { useLocale } from '@/lib/i18n';

/**
 * A printout's English (the voucher and the ID card are read by a bank or an exam centre), with its Urdu
 * beside it when the page is in Urdu: "Fee / فیس". The English never changes with the page's language.
 */
export function PrintLabel({ english, urdu }: { english: string; urdu: string }) {
  const locale = useLocale();
  if (locale !== 'ur' || urdu === english) return <>{english}</>;
  return (
    <>
      {english} /{' '}
      <span lang="ur" dir="rtl">
        {urdu}
      </span>
    </>
  );
}

/** A printout's English sentence, with its Urdu as a paragraph under it when the page is in Urdu. */
export function PrintNote({
  english,
  urdu,
  className,
}: {
  english: string;
  urdu: string;
  className?: string;
}) {
  const locale = useLocale();
  return (
    <>
      <p className={className}>{english}</p>
      {locale === 'ur' && urdu !== english ? (
        <p className={className} lang="ur" dir="rtl">
          {urdu}
        </p>
      ) : null}
    </>
  );
}

/** A printout's English name with its Urdu, as one text for an `aria-label`; the English alone in English. */
export function bilingual(english: string, urdu: string): string {
  return urdu === english ? english : `${english} / ${urdu}`;
}

/** One line of a printout's details: its English label, the label's Urdu, and the value as the bank reads it. */
export interface PrintDetail {
  english: string;
  urdu: string;
  value: ReactNode;
}

/** A printout's details as a definition list, each label in English with its Urdu beside it. */
export function PrintDetails({ details }: { details: PrintDetail[] }) {
  return (
    <dl className="fee-details">
      {details.map(({ english, urdu, value }) => (
        <div key={english}>
          <dt>
            <PrintLabel english={english} urdu={urdu} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
