import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useCommonT } from '../../lib/i18n';
import { useRouteTitle } from '../route-handle';

/** Around every page: the document title, a progress bar while a page's code loads, focus after navigation. */
export function RootLayout() {
  const t = useCommonT();
  const title = useRouteTitle();
  const appName = t('appName');
  const documentTitle = title ? t('pageTitle', { page: title, app: appName }) : appName;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

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
        {t('skipToContent')}
      </a>
      {navigation.state === 'loading' ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <Outlet />
    </>
  );
}
