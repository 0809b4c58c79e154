import type { PaymentBranch } from '@portal/shared/schemas/fees';
import { useEffect, useRef } from 'react';
import { useT } from '@/features/fees/i18n';
import { embeddableMap, webAddress } from '@/features/fees/utils/map-embed';

interface BranchMapProps {
  branch: PaymentBranch;
  /** Origins whose map pages may be framed (public settings); empty until the settings are read. */
  mapOrigins: readonly string[];
}

/**
 * The chosen branch: its map embedded when the link is on an origin the operator allows (decision 0011),
 * always with the link beside it for the phone's maps app.
 */
export function BranchMap({ branch, mapOrigins }: BranchMapProps) {
  const t = useT();
  const href = webAddress(branch.location);
  const embed = href !== null && embeddableMap(href, mapOrigins);
  const place = useRef<HTMLElement>(null);

  // On a phone the map opens below the list: bring it into view, as the payment page does with its form.
  useEffect(() => {
    place.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [branch]);

  return (
    <section
      ref={place}
      className="branch-map"
      aria-label={t('branchMap.label', { branch: branch.branchName })}
    >
      <h2 className="branch-map__title">{branch.branchName}</h2>
      <p className="branch-map__address">{branch.branchAddress}</p>
      {embed ? (
        <iframe
          className="branch-map__frame"
          title={t('branchMap.label', { branch: branch.branchName })}
          src={href}
          loading="lazy"
          // The map page may run its own scripts, but not navigate the portal or open forms on it.
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        />
      ) : null}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {t('branchMap.open')}
        </a>
      ) : (
        <p>{t('branchMap.none')}</p>
      )}
    </section>
  );
}
