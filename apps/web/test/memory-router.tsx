import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  type To,
} from 'react-router';

/** What the tests read of the router: where the app is now, and a navigation as a link would make it. */
export interface TestRouter {
  readonly state: { readonly location: Location; readonly historyAction: NavigationType };
  navigate(to: To, options?: NavigateOptions): Promise<void>;
}

/**
 * A MemoryRouter at `entry` for a test, with a handle on it: the location the app last drew (committed, as
 * the browser's address bar would show it), how it got there (PUSH, REPLACE, POP), and its navigate.
 */
export function testRouter(entry: InitialEntry) {
  let drawn: { location: Location; historyAction: NavigationType } | undefined;
  let navigate: NavigateFunction | undefined;

  function Probe() {
    const drawnAt = useLocation();
    const historyAction = useNavigationType();
    const navigateFrom = useNavigate();
    useLayoutEffect(() => {
      drawn = { location: drawnAt, historyAction };
      navigate = navigateFrom;
    });
    return null;
  }

  const router: TestRouter = {
    get state() {
      if (!drawn) throw new Error('the router has not drawn yet');
      return drawn;
    },
    async navigate(to, options) {
      if (!navigate) throw new Error('the router has not drawn yet');
      await navigate(to, options);
    },
  };

  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[entry]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
  }

  return { router, Router };
}
