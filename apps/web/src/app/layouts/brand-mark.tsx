import './brand-mark.css';

export function BrandMark() {
  return (
    <span className="brand-mark">
      <span className="brand-mark__logo" aria-hidden="true">
        SP
      </span>
      <span className="brand-mark__name">Student Portal</span>
    </span>
  );
}
