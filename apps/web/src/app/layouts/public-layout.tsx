import { Outlet } from 'react-router';
import { PublicHeader } from './public-header';
import './public-layout.css';

/** Pages for visitors: the programme's name above one centred card. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <PublicHeader />
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
