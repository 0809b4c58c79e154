import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/console/i18n';

/** A document or photo the reviewer can zoom and turn (buttons, so the keyboard reaches them too). */
export function ZoomableImage({ src, label }: { src: string | null; label: string }) {
  const t = useT();
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  return (
    <figure className="zoomable">
      <figcaption>{label}</figcaption>
      <div className="zoomable__frame">
        {src ? (
          <img src={src} alt={label} style={{ transform: `scale(${zoom}) rotate(${turns * 90}deg)` }} />
        ) : (
          <p>{t('app.image.notUploaded')}</p>
        )}
      </div>
      {src ? (
        <div className="zoomable__tools" role="group" aria-label={t('app.image.tools', { label })}>
          <Button
            variant="secondary"
            aria-label={t('app.image.zoomIn', { label })}
            onClick={() => setZoom((z) => Math.min(4, z + 0.5))}
          >
            +
          </Button>
          <Button
            variant="secondary"
            aria-label={t('app.image.zoomOut', { label })}
            onClick={() => setZoom((z) => Math.max(0.5, z - 0.5))}
          >
            −
          </Button>
          <Button
            variant="secondary"
            aria-label={t('app.image.rotate', { label })}
            onClick={() => setTurns((turn) => (turn + 1) % 4)}
          >
            ⟳
          </Button>
          <Button
            variant="link"
            aria-label={t('app.image.resetLabel', { label })}
            onClick={() => {
              setZoom(1);
              setTurns(0);
            }}
          >
            {t('app.image.reset')}
          </Button>
        </div>
      ) : null}
    </figure>
  );
}
