import {
  Component,
  createContext,
  Suspense,
  useContext,
  useEffect,
  useReducer,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation, useRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { routeMatches } from './lazy-route';

/*
 * The route tree of an entry (the student pages, the staff console) in React Router's declarative mode:
 * `useRoutes` over the same route objects, with React's own Suspense and an error boundary where the data
 * router had `HydrateFallback` and `ErrorBoundary`. The data router is 14 KB more (brotli) of every page's
 * first download, for loaders and actions the portal does not use (decision 0065).
 */

const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);

/** The routes matched now, outermost first: their `handle`s (a page's title) for the layouts. */
export function useRouteMatches(): readonly RouteMatch[] {
  return useContext(RouteMatchesContext);
}

interface BoundaryProps {
  /** What is drawn instead of the tree once it has thrown. */
  fallback: ComponentType<{ error: unknown }>;
  /** The location: a navigation elsewhere draws the tree again. */
  location: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  /** The location the tree failed at (set on the render after the failure). */
  at: string | undefined;
}

/**
 * A page that failed to load (its code, after a deployment) or to render: the fallback, until the next
 * navigation. React logs the error it caught (createRoot's onCaughtError).
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, at: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, error, at: undefined };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    if (!state.failed) return null;
    if (state.at === undefined) return { ...state, at: props.location };
    return state.at === props.location ? null : { failed: false, error: undefined, at: undefined };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const Fallback = this.props.fallback;
    return <Fallback error={this.state.error} />;
  }
}

interface RouteTreeProps {
  routes: RouteObject[];
  /** Drawn while the first page's code loads, where no route below has a fallback of its own. */
  fallback: ReactNode;
  /** Drawn instead of every page when one fails. */
  errorFallback: ComponentType<{ error: unknown }>;
  /**
   * The first page's code on its way (preloadRoutes): once it has come, the tree draws again as an update of
   * its own. React would otherwise draw the page as a retry of the suspended tree, which it holds back until
   * 300 ms after the skeleton was shown.
   */
  firstPage?: Promise<void> | undefined;
}

/** The page for the address, inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function RouteTree({ routes, fallback, errorFallback, firstPage }: RouteTreeProps) {
  const location = useLocation();
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    let mounted = true;
    void firstPage?.then(() => {
      if (mounted) drawAgain();
    });
    return () => {
      mounted = false;
    };
  }, [firstPage]);
  const matches = routeMatches(routes, location.pathname);
  const page = useRoutes(routes, location);
  const where = location.pathname + location.search;
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary fallback={errorFallback} location={where}>
        <Suspense fallback={fallback}>{page}</Suspense>
      </RouteErrorBoundary>
    </RouteMatchesContext>
  );
}
