import { isEarlyPage, type EarlyPage } from '@/lib/early-calls';
import { initialLocale } from '@/lib/initial-locale';
import { readStoredSession } from '@/lib/stored-session';
import { loadUrduStudentTexts, loadUrduTexts } from '@/lib/urdu-modules';

/**
 * What the page will need next, downloaded without waiting for the app to run (issue 27). On a slow phone React
 * and the router (framework.js, about 75 KB) take most of a second to arrive; everything the app asks for after
 * it runs, the Urdu texts and a signed-in page's code, used to start only then and add a second wait after the
 * first. `src/boot.ts` starts those downloads instead, from a file of its own that the page runs as soon as
 * its few hundred bytes arrive (the build adds it to index.html: vite.config.ts, `bootFirst`):
 * - the Urdu texts at once (a signed-in page's own areas too, decision 0073): the first render waits for
 *   them and for the framework alike (the message codes come once the page has drawn: decisions 0067, 0071);
 * - a signed-in page's code once the framework's last byte is in (decision 0066). A line shares itself among
 *   the files on it, so the page's dozen files beside the framework made it arrive last, and everything the
 *   framework runs (its own start, the shell's first render) waited until the page's code had come too. Now
 *   that work is done while the page's code is on its way.
 *
 * It imports nothing of React's, so nothing it starts waits for the framework. The modules it loads are the
 * ones the app loads (lib/i18n.ts, app/routes.tsx): a module downloads and runs once, whoever asks first. It
 * names pages, so it lives in app/ beside routes.tsx: nothing in lib/ imports a page.
 */

/**
 * The signed-in pages that start their calls early (lib/early-calls.ts: the type keeps the two lists the same),
 * each with its code: the module app/routes.tsx loads for the path, and the two layouts above every such page
 * there.
 */
const pageCode: Readonly<Record<EarlyPage, () => Promise<unknown>>> = {
  '/courses': () => import('@/features/courses/routes/courses'),
  '/payment': () => import('@/features/fees/routes/payment'),
  '/home': () => import('@/features/learning/routes/dashboard'),
};
const layoutCode = [() => import('@/app/layouts/query-layout'), () => import('@/app/layouts/app-shell')];

/**
 * Starts downloading what a page opened at `pathname` needs beyond the first download: the Urdu texts when it
 * opens in Urdu, and the page's code when it is one of those pages and a student is signed in (without a
 * session the page is sign-in, whose code is in the first download). A failure here is nobody's: the app asks
 * again when it needs the module, and shows its own failure then.
 */
export function startEarlyDownloads(pathname: string): void {
  const ignore = () => undefined;
  const signedIn = Boolean(readStoredSession().student);
  if (initialLocale() === 'ur') {
    loadUrduTexts().catch(ignore);
    // A signed-in page's own areas (decision 0073): a visitor's page does not wait for them.
    if (signedIn) loadUrduStudentTexts().catch(ignore);
  }
  if (!isEarlyPage(pathname) || !signedIn) return;
  afterFramework(() => {
    for (const load of [...layoutCode, pageCode[pathname]]) load().catch(ignore);
  });
}

/**
 * Runs `start` once the framework's file (the page's modulepreload of `framework-*.js`) has arrived, as the
 * browser's resource timing tells; at once where the page names no such file (development, the tests) or the
 * browser cannot tell.
 */
export function afterFramework(start: () => void): void {
  const framework = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][href*="/framework-"]');
  if (!framework || typeof PerformanceObserver === 'undefined') {
    start();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName(framework.href).length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'resource', buffered: true });
}
