import { Outlet } from 'react-router';
import { BrandMark } from './brand-mark';
import './public-layout.css';

/** Pages for visitors: the programme's name above one centred card. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <BrandMark />
      </header>
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
