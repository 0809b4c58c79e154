import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useCommonT } from '@/lib/i18n';
import { useRouteCodeLoading } from '@/lib/lazy-route';
import { useRouteFocus } from '@/lib/use-route-focus';
import { useRouteTitle } from '@/app/route-handle';

/** Around every page: the document title, a progress bar while a page's code loads, focus after navigation. */
export function RootLayout() {
  const t = useCommonT();
  const title = useRouteTitle();
  const appName = t('appName');
  const documentTitle = title ? t('pageTitle', { page: title, app: appName }) : appName;
  const codeLoading = useRouteCodeLoading();

  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useRouteFocus();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {codeLoading ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <Outlet />
    </>
  );
}
