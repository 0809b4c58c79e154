import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Locale } from '@portal/shared/i18n';
import { setLocale } from '@/lib/i18n';
import { StudentRoutes } from './routes';

/**
 * The sign-in page as a visitor without a session first sees it, drawn by the app's own routes in `locale`,
 * for the build to put into index.html (scripts/draw-sign-in.mjs, decision 0074). Every field and button is
 * disabled (React draws the live page in its place), and what only a live page needs (React's markers of
 * Suspense boundaries, its preload hints) is left out. Run by the build, never in the browser.
 */
export async function drawSignIn(locale: Locale): Promise<string> {
  await setLocale(locale, { remember: false, later: { codes: true, font: true } });
  const html = renderToString(
    <StaticRouter location="/">
      <StudentRoutes />
    </StaticRouter>,
  );
  return html
    .replace(/<link rel="preload"[^>]*>/g, '')
    .replace(/<!--\/?\$-->/g, '')
    .replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}
