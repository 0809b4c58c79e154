import logo from '@/assets/icons/favicon.svg';
import { useCommonT } from '@/lib/i18n';
import './brand-mark.css';

/**
 * The logo and the programme's name. The logo is the SVG favicon (apps/web/scripts/make-icons.mjs draws
 * both): the browser fetches it for the tab anyway, so it costs the first page no bytes; its name carries its
 * content's hash, so it is cached for good (vite.config.ts, assetsInlineLimit).
 * Its `alt` is empty in every language: the name beside it says the same.
 */
export function BrandMark() {
  const t = useCommonT();
  return (
    <span className="brand-mark">
      <img className="brand-mark__logo" src={logo} alt="" width="36" height="36" />
      <span className="brand-mark__name">{t('appName')}</span>
    </span>
  );
}
