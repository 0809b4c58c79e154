import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/**
 * A QR code of exactly the text given (spec section 9), drawn as an SVG image on this device. The text is
 * also kept on the element, so tests and staff tools can read what the code carries.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    qrSvg(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (drawn) => {
        if (current) setSvg(drawn);
      },
      () => {
        if (current) setSvg(null);
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  return (
    <figure className="qr" role="img" aria-label={label} data-qr-text={value}>
      {svg ? (
        <img
          className="qr__image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt=""
          width={132}
          height={132}
        />
      ) : (
        <span className="qr__text">{value}</span>
      )}
    </figure>
  );
}
