import { Link } from 'react-router';
import type { Tile } from '@/features/learning/utils/dashboard-tiles';
import { ExternalLink } from './external-link';

function OutIcon() {
  return (
    <svg className="learning-tile__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The dashboard's links as large tiles that wrap into a grid; outside links open in a new tab. */
export function LinkTiles({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="learning-tiles">
        {tiles.map((tile) => (
          <li key={tile.key}>
            {'href' in tile ? (
              <ExternalLink href={tile.href} className="learning-tile learning-tile--external">
                {/* The title of an outside link is written by staff: its own direction. */}
                <span className="learning-tile__label" dir="auto">
                  {tile.label}
                </span>
                <OutIcon />
              </ExternalLink>
            ) : (
              <Link to={tile.to} className="learning-tile">
                <span className="learning-tile__label">{tile.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
