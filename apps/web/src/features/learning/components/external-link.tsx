import type { ReactNode } from 'react';
import { useT } from '@/features/learning/i18n';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link that leaves the portal: a new tab that cannot reach back into this one. */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('externalLink.newTab')}</span>
    </a>
  );
}
