/**
 * Where a QR code goes. No QR encoder is installed (the `qrcode` package needs three more packages from the
 * registry), so this shows the encoded text in a framed box instead of the symbol; the text is exactly what
 * the QR code will carry (spec section 9).
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <figure className="qr" role="img" aria-label={label} data-qr-text={value}>
      <span className="qr__text">{value}</span>
    </figure>
  );
}
