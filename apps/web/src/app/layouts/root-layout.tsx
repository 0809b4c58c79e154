import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useRouteTitle } from '../route-handle';

const APP_NAME = 'Student Portal';

/** Around every page: the document title, a progress bar while a page's code loads, focus after navigation. */
export function RootLayout() {
  const title = useRouteTitle();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    // A single-page navigation does not move the reading position: start the new page at its heading.
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {navigation.state === 'loading' ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <Outlet />
    </>
  );
}
