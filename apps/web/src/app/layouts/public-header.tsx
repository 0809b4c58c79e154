import { BrandMark } from './brand-mark';

/** Above every visitor's page: the logo, the portal's name and whose portal it is. */
export function PublicHeader() {
  return (
    <header className="public-layout__header">
      <BrandMark />
      <p className="public-layout__tagline">National training programme in AI and computing</p>
    </header>
  );
}
