import { code128Pattern, patternBars } from '@/features/courses/utils/code128';

/** Quiet zone each side, in modules (CODE128 asks for at least 10). */
const QUIET = 10;
const HEIGHT = 50;

/** `value` as a CODE128 barcode drawn in SVG; nothing when it cannot be encoded in code set B. */
export function Barcode({
  value,
  label,
  labelLang,
}: {
  value: string;
  label: string;
  /** The language of `label` when it is not the card's. */
  labelLang?: string | undefined;
}) {
  const pattern = code128Pattern(value);
  if (!pattern) return null;
  const width = pattern.length + QUIET * 2;
  return (
    <figure className="barcode">
      <svg
        className="barcode__bars"
        role="img"
        aria-label={label}
        lang={labelLang}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width * 2}
        height={HEIGHT * 1.2}
        preserveAspectRatio="none"
        shapeRendering="crispEdges"
        data-pattern={pattern}
      >
        <rect width={width} height={HEIGHT} fill="#fff" />
        {patternBars(pattern).map((bar) => (
          <rect key={bar.x} x={bar.x + QUIET} width={bar.width} height={HEIGHT} fill="#000" />
        ))}
      </svg>
      <figcaption className="barcode__text">{value}</figcaption>
    </figure>
  );
}
