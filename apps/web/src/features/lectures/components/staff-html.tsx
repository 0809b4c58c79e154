import { cx } from '@/lib/class-names';

/**
 * A lesson's or topic's description: HTML written by staff. The server sanitises it before sending it (API
 * contract, `description`), which is why this one component may render it as HTML. Staff write in English or
 * Urdu, so the text takes its own direction whatever the page's language.
 */
export function StaffHtml({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <div className={cx('lecture-html', className)} dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
