import { Skeleton } from '@/components/ui/skeleton';
import { BrandMark } from '@/app/layouts/brand-mark';
import { PublicHeader } from '@/app/layouts/public-header';
import '@/app/layouts/public-layout.css';
import './page-skeleton.css';

/** A page's card while it loads: a heading, then its text (one "Loading" for screen readers). */
function CardSkeleton({ size }: { size: 'narrow' | 'wide' }) {
  return (
    <div className={`card card--${size}`}>
      <Skeleton lines={6} className="page-skeleton__lines" />
    </div>
  );
}

/** A visitor's page (sign-up, reset password…) while its code loads: the brand above a card. */
export function PublicPageSkeleton() {
  return (
    <div className="public-layout">
      <PublicHeader />
      <main className="public-layout__main">
        <CardSkeleton size="narrow" />
      </main>
    </div>
  );
}

/**
 * A student's page while the shell and the page load (the first visit to a page by its address): the
 * navbar, the sidebar's place on wide screens and the page's card, where the real ones will be.
 */
export function ShellPageSkeleton() {
  return (
    <div className="page-skeleton">
      <header className="page-skeleton__navbar">
        <BrandMark />
      </header>
      <div className="page-skeleton__body">
        <div className="page-skeleton__sidebar" />
        <main className="page-skeleton__main">
          <CardSkeleton size="wide" />
        </main>
      </div>
    </div>
  );
}
