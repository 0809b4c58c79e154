import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useRouteFocus } from '../../lib/use-route-focus';
import { useRouteTitle } from '../route-handle';

const APP_NAME = 'Student Portal';

/** Around every page: the document title, a progress bar while a page's code loads, focus after navigation. */
export function RootLayout() {
  const title = useRouteTitle();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
  useRouteFocus();

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
