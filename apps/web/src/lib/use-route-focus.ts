import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page whose code or data is still loading may take to show its heading. */
const HEADING_WAIT_MS = 5000;

/**
 * After a navigation inside the app (not on the first load), starts the new page at its top and moves focus
 * to its main heading, so that a keyboard or screen-reader user begins reading the new page rather than
 * staying on the link they followed (WCAG 2.4.3). The heading gets `tabIndex=-1` if it has none: it takes
 * focus from the script but does not become a Tab stop.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    window.scrollTo(0, 0);
    return focusHeadingWhenShown();
  }, [pathname]);
}

function findHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/** Focuses the heading now, or as soon as a page still loading renders it; returns the clean-up. */
function focusHeadingWhenShown(): () => void {
  const heading = findHeading();
  if (heading) {
    focusHeading(heading);
    return () => undefined;
  }
  const focusBefore = document.activeElement;
  const observer = new MutationObserver(() => {
    // The person has already moved on (typed, tabbed): leave their focus where it is.
    const active = document.activeElement;
    if (active && active !== focusBefore && active !== document.body) {
      stop();
      return;
    }
    const shown = findHeading();
    if (!shown) return;
    stop();
    focusHeading(shown);
  });
  const timer = window.setTimeout(stop, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
