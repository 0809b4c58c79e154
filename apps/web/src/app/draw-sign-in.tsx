import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '@portal/shared/i18n';
import { setLocale, useCommonT } from '@/lib/i18n';
import { StudentRoutes } from './routes';

/**
 * For screen readers, the skeleton's "Loading" while the drawn page is not live, gone once React draws the
 * page. Not the progress bar a page shows while its code loads (RootLayout): its animation repaints every
 * frame on the main thread that is running React's first start then: with it the slow phone's sign-in page
 * was usable later, medians 1,300 and 1,290 ms against 1,185 and 1,135 in Urdu and English (decision 0074).
 */
function StillLoading() {
  const t = useCommonT();
  return (
    <p className="visually-hidden" role="status">
      {t('ui.loading')}
    </p>
  );
}

/**
 * The sign-in page as a visitor without a session first sees it, drawn by the app's own routes in `locale`,
 * for the build to put into index.html (scripts/draw-sign-in.mjs, decision 0074). Every field and button is
 * disabled (React draws the live page in its place), the page says it is still loading, and what only a live
 * page needs (React's markers of Suspense boundaries, its preload hints) is left out. Run by the build, never
 * in the browser.
 */
export async function drawSignIn(locale: Locale): Promise<string> {
  await setLocale(locale, { remember: false, later: { codes: true, font: true } });
  const html = renderToString(
    <StaticRouter location="/">
      <StudentRoutes />
      <StillLoading />
    </StaticRouter>,
  );
  return html
    .replace(/<link rel="preload"[^>]*>/g, '')
    .replace(/<!--\/?\$-->/g, '')
    .replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}
