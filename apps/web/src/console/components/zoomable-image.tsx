import {
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/console/i18n';

const ZOOM = { min: 0.5, max: 4, step: 0.5 };

/** A CNIC card's proportions (ID-1, 85.6 × 54 mm): the picture's box until the picture gives its own. */
const CARD_ASPECT = 85.6 / 54;

/** The keys a focused picture takes, as aria-keyshortcuts names them ("+" is "Plus"). */
const KEY_SHORTCUTS = 'Plus - R 0';

/**
 * A document or photo the reviewer can read (issue 25, item 1): fitted to its column at first, zoomed and
 * turned with the buttons or, once the picture has focus (a click or Tab), with + − R 0 while the arrow keys
 * scroll it, and opened at full size in a new tab. `hintId` names the text that says which keys it takes.
 */
export function ZoomableImage({
  src,
  label,
  hintId,
}: {
  src: string | null;
  label: string;
  hintId?: string;
}) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const view = useView(frame);
  if (!src) {
    return (
      <figure className="zoomable">
        <figcaption>{label}</figcaption>
        <div className="zoomable__frame">
          <p>{t('app.image.notUploaded')}</p>
        </div>
      </figure>
    );
  }
  return (
    <figure className="zoomable">
      <figcaption>{label}</figcaption>
      {/* A scrolling box takes focus, so the keyboard can scroll a zoomed picture (axe's scrollable-region-focusable). */}
      <div
        ref={frame}
        className="zoomable__frame"
        role="group"
        tabIndex={0}
        aria-label={t('app.image.frame', { label })}
        aria-describedby={hintId}
        aria-keyshortcuts={KEY_SHORTCUTS}
        onKeyDown={view.onKeyDown}
      >
        <Picture src={src} label={label} zoom={view.zoom} turns={view.turns} />
      </div>
      <div className="zoomable__tools" role="group" aria-label={t('app.image.tools', { label })}>
        <Button variant="secondary" aria-label={t('app.image.zoomIn', { label })} onClick={view.zoomIn}>
          +
        </Button>
        <Button variant="secondary" aria-label={t('app.image.zoomOut', { label })} onClick={view.zoomOut}>
          −
        </Button>
        <Button variant="secondary" aria-label={t('app.image.rotate', { label })} onClick={view.turn}>
          ⟳
        </Button>
        <Button variant="link" aria-label={t('app.image.resetLabel', { label })} onClick={view.reset}>
          {t('app.image.reset')}
        </Button>
        <a
          className="button button--link"
          href={src}
          target="_blank"
          rel="noopener"
          aria-label={t('app.image.fullSizeLabel', { label })}
        >
          {t('app.image.fullSize')}
        </a>
      </div>
    </figure>
  );
}

/**
 * The picture in a box of its turned shape, `zoom` times the fitted size: the box takes room in the frame, so
 * a zoomed picture scrolls to every edge (a CSS scale alone overflows where no scroll reaches).
 */
function Picture({ src, label, zoom, turns }: { src: string; label: string; zoom: number; turns: number }) {
  const [aspect, setAspect] = useState(CARD_ASPECT);
  const sideways = turns % 2 === 1;
  const boxAspect = sideways ? 1 / aspect : aspect;
  return (
    <div className="zoomable__box" style={{ '--zoom': zoom, '--box-aspect': boxAspect } as CSSProperties}>
      <img
        src={src}
        alt={label}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          if (naturalWidth > 0 && naturalHeight > 0) setAspect(naturalWidth / naturalHeight);
        }}
        // Turned a quarter, the picture is as wide as its box is high, and as high as it is wide.
        style={{
          width: sideways ? `${100 * aspect}%` : '100%',
          height: sideways ? `${100 / aspect}%` : '100%',
          transform: `translate(-50%, -50%) rotate(${turns * 90}deg)`,
        }}
      />
    </div>
  );
}

/** Zoom and quarter turns, from the buttons and the keys; a zoom keeps the point at the frame's centre there. */
function useView(frame: RefObject<HTMLDivElement | null>) {
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const centre = useRef<Centre | null>(null);

  useLayoutEffect(() => {
    if (frame.current && centre.current) scrollToCentre(frame.current, centre.current);
    centre.current = null;
  }, [frame, zoom]);

  function zoomBy(step: number) {
    if (frame.current) centre.current = centreOf(frame.current);
    setZoom((current) => Math.min(ZOOM.max, Math.max(ZOOM.min, current + step)));
  }
  const zoomIn = () => zoomBy(ZOOM.step);
  const zoomOut = () => zoomBy(-ZOOM.step);
  const turn = () => setTurns((current) => (current + 1) % 4);
  const reset = () => {
    setZoom(1);
    setTurns(0);
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Ctrl and + stays the browser's own zoom.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = { '+': zoomIn, '=': zoomIn, '-': zoomOut, r: turn, '0': reset }[event.key.toLowerCase()];
    if (!action) return;
    // Handled here: R on a picture turns it and is not the review queue's Reject.
    event.preventDefault();
    action();
  }

  return { zoom, turns, zoomIn, zoomOut, turn, reset, onKeyDown };
}

/** Where the frame's centre is, as fractions of what scrolls, from the start edge (right in Urdu). */
interface Centre {
  x: number;
  y: number;
}

/** Scrolling runs leftwards from 0 in a right-to-left frame. */
const startSign = (element: HTMLElement) => (getComputedStyle(element).direction === 'rtl' ? -1 : 1);

function centreOf(element: HTMLElement): Centre {
  const fromStart = startSign(element) * element.scrollLeft;
  return {
    x: (fromStart + element.clientWidth / 2) / element.scrollWidth,
    y: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
  };
}

function scrollToCentre(element: HTMLElement, centre: Centre) {
  element.scrollLeft = startSign(element) * (centre.x * element.scrollWidth - element.clientWidth / 2);
  element.scrollTop = centre.y * element.scrollHeight - element.clientHeight / 2;
}
