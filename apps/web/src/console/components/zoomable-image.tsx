import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** A document or photo the reviewer can zoom and turn (buttons, so the keyboard reaches them too). */
export function ZoomableImage({ src, label }: { src: string | null; label: string }) {
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  return (
    <figure className="zoomable">
      <figcaption>{label}</figcaption>
      <div className="zoomable__frame">
        {src ? (
          <img src={src} alt={label} style={{ transform: `scale(${zoom}) rotate(${turns * 90}deg)` }} />
        ) : (
          <p>Not uploaded</p>
        )}
      </div>
      {src ? (
        <div className="zoomable__tools" role="group" aria-label={`${label}: view`}>
          <Button
            variant="secondary"
            aria-label={`Zoom in ${label}`}
            onClick={() => setZoom((z) => Math.min(4, z + 0.5))}
          >
            +
          </Button>
          <Button
            variant="secondary"
            aria-label={`Zoom out ${label}`}
            onClick={() => setZoom((z) => Math.max(0.5, z - 0.5))}
          >
            −
          </Button>
          <Button
            variant="secondary"
            aria-label={`Rotate ${label}`}
            onClick={() => setTurns((t) => (t + 1) % 4)}
          >
            ⟳
          </Button>
          <Button
            variant="link"
            aria-label={`Reset ${label}`}
            onClick={() => {
              setZoom(1);
              setTurns(0);
            }}
          >
            Reset
          </Button>
        </div>
      ) : null}
    </figure>
  );
}
