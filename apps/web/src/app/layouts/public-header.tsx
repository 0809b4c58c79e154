import { useCommonT } from '@/lib/i18n';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

/** Above every visitor's page: the logo, the portal's name, whose portal it is and the language switch. */
export function PublicHeader() {
  const t = useCommonT();
  return (
    <header className="public-layout__header">
      <BrandMark />
      <p className="public-layout__tagline">{t('tagline')}</p>
      <LanguageSwitch className="public-layout__language" />
    </header>
  );
}
