import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/*
 * Route code loaded when its page is first opened, and whether any is loading now: the layouts show a
 * progress bar while it is (decision 0065).
 */

let loading = 0;
const listeners = new Set<() => void>();

/** Told after the render that started or ended a download: a store may not change a component mid-render. */
function changeBy(step: number) {
  loading += step;
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What React.lazy takes: the module, its component as `default`. */
interface Module<Props extends object> {
  default: ComponentType<Props>;
}

/** A route's component whose code downloads on its first render, or before it when `preload` is called. */
export type LazyRoute<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  /** Starts the download (once); settles when it has, and never rejects. */
  preload(): Promise<void>;
};

/**
 * A route's component whose code `load` downloads (React.lazy). Until it has, the component suspends; a
 * failed download is thrown to the route tree's error boundary (lib/route-tree.tsx), whose page offers a
 * reload. Once it has, the component draws the page on its first render, with no suspending: React.lazy
 * takes a module that has arrived from a thenable that answers at once. A tree of lazy layouts preloaded
 * together (`preloadRoutes`) then draws in one pass, not one level at a time.
 */
export function lazyRoute<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyRoute<Props> {
  let loaded: Module<Props> | undefined;
  let download: Promise<Module<Props>> | undefined;

  function start(): Promise<Module<Props>> {
    if (download) return download;
    changeBy(1);
    download = load().then(
      (component) => {
        loaded = { default: component };
        changeBy(-1);
        return loaded;
      },
      (error: unknown) => {
        changeBy(-1);
        throw error;
      },
    );
    return download;
  }

  /** The module that has arrived, as a thenable that calls back at once (a Promise calls back later). */
  function arrived(module: Module<Props>): PromiseLike<Module<Props>> {
    return {
      then(resolve) {
        return Promise.resolve(resolve ? resolve(module) : module) as never;
      },
    };
  }

  // React.lazy asks for a Promise but only calls its `then`, whose callback it reads at once when it is
  // called at once (React's lazyInitializer).
  const component = lazy(() => (loaded ? arrived(loaded) : start()) as Promise<Module<Props>>);
  return Object.assign(component, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

function isLazyRoute(component: unknown): component is LazyRoute<object> {
  return typeof component === 'object' && component !== null && 'preload' in component;
}

/** The last path `routeMatches` was asked for: its route table, the path, and the matches. */
let lastMatch: [RouteObject[], string, RouteMatch[]] | undefined;

/**
 * The routes of `routes` that match `pathname`, outermost first (`matchRoutes`), worked out once for the path
 * shown now. `matchRoutes` flattens and ranks the whole table on every call, and the first page asked for it
 * before it drew (`preloadRoutes`), in `RouteTree` and again for each draw of the tree at the same path. On a
 * slow phone (CPU 4 ×, Urdu, unminified profile) route matching took 35.7 ms of the sign-in page's first load
 * and 10.3 ms with this; /courses 19.4 and 12.2 ms. Only the last answer is kept: the path shown now is the one
 * asked for again.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] {
  if (lastMatch?.[0] !== routes || lastMatch[1] !== pathname) {
    lastMatch = [routes, pathname, matchRoutes(routes, pathname) ?? []];
  }
  return lastMatch[2];
}

/**
 * Downloads the code of every lazy route that matches `pathname`, all at once, from the outermost and while
 * `follow` says so; settles when all have (or failed, which their render then shows), as the data router
 * loaded its lazy routes. The entries hand it to their route tree (`RouteTree`'s `firstPage`), which draws
 * the page in one pass once it has settled. Undefined when no such route has code to download (sign-in):
 * there is nothing to draw again.
 */
export function preloadRoutes(
  routes: RouteObject[],
  pathname: string,
  follow: (route: RouteObject) => boolean = () => true,
): Promise<void> | undefined {
  const matches = routeMatches(routes, pathname);
  const stop = matches.findIndex((match) => !follow(match.route));
  const lazyRoutes = matches
    .slice(0, stop === -1 ? undefined : stop)
    .map((match) => match.route.Component)
    .filter(isLazyRoute);
  if (lazyRoutes.length === 0) return undefined;
  return Promise.all(lazyRoutes.map((component) => component.preload())).then(() => undefined);
}

/**
 * Runs `work` once the page opened first has drawn: its code has come (`page`, from `preloadRoutes`; a page
 * whose code is in the first download has none) and the frame after it has been painted. For what the first
 * screen does not need (main.tsx, console/main.tsx).
 */
export function afterFirstPage(page: Promise<void> | undefined, work: () => void): void {
  void (page ?? Promise.resolve()).then(() => requestAnimationFrame(() => setTimeout(work)));
}

function isLoading(): boolean {
  return loading > 0;
}

/** True while some route's code is downloading; outside a browser (the build drawing the sign-in page), as now. */
export function useRouteCodeLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
