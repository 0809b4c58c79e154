import './brand-mark.css';

/**
 * The logo and the programme's name. The logo is the SVG favicon (apps/web/scripts/make-icons.mjs draws
 * both): the browser fetches it for the tab anyway, so it costs the first page no JavaScript and no bytes.
 */
export function BrandMark() {
  return (
    <span className="brand-mark">
      <img className="brand-mark__logo" src="/favicon.svg" alt="" width="36" height="36" />
      <span className="brand-mark__name">Student Portal</span>
    </span>
  );
}
