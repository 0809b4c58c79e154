import type { ReactNode } from 'react';

/**
 * A table that may be wider than its column (long e-mails, ids, before/after values): it scrolls inside this
 * box, which the keyboard can focus and scroll, and the page never scrolls sideways (1024 px tablets).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
