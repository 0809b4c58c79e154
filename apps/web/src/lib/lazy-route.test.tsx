import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyRoute, preloadRoutes, routeMatches } from './lazy-route';

/** A lazy route whose code "downloads" when asked, noting its name in `downloads`. */
function page(name: string, downloads: string[]) {
  return lazyRoute(async () => {
    downloads.push(name);
    return function Page() {
      return <h1>{name}</h1>;
    };
  });
}

function renderInSuspense(Page: ReturnType<typeof page>) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyRoute', () => {
  it('suspends until the code has arrived, on a first render without preloading', async () => {
    const downloads: string[] = [];
    renderInSuspense(page('Courses', downloads));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(downloads).toEqual(['Courses']);
  });

  it('draws a preloaded page on its first render, without its fallback, and downloads it once', async () => {
    const downloads: string[] = [];
    const Courses = page('Courses', downloads);
    await Courses.preload();
    renderInSuspense(Courses);
    expect(screen.getByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    await Courses.preload();
    expect(downloads).toEqual(['Courses']);
  });

  it('settles its preload when the download fails', async () => {
    const Broken = lazyRoute(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(Broken.preload()).resolves.toBeUndefined();
  });
});

describe('preloadRoutes', () => {
  function tree(downloads: string[]): RouteObject[] {
    return [
      {
        Component: page('root layout', downloads),
        children: [
          { path: 'signup', Component: page('sign-up', downloads) },
          {
            id: 'signed-in',
            Component: page('shell', downloads),
            children: [{ path: 'courses', Component: page('courses', downloads) }],
          },
        ],
      },
    ];
  }

  it('downloads the code of every route matching the address, and of no other', async () => {
    const downloads: string[] = [];
    await preloadRoutes(tree(downloads), '/courses');
    expect(downloads.sort()).toEqual(['courses', 'root layout', 'shell']);
  });

  it('stops above the first route `follow` refuses', async () => {
    const downloads: string[] = [];
    await preloadRoutes(tree(downloads), '/courses', (route) => route.id !== 'signed-in');
    expect(downloads).toEqual(['root layout']);
  });

  it('answers nothing to wait for when no route matching the address is lazy', () => {
    const signIn: RouteObject[] = [{ index: true, Component: () => <h1>Sign in</h1> }];
    expect(preloadRoutes(signIn, '/')).toBeUndefined();
  });

  it('downloads nothing for an address no route matches', async () => {
    const downloads: string[] = [];
    await preloadRoutes(tree(downloads), '/no/such/page');
    expect(downloads).toEqual([]);
  });
});

describe('routeMatches', () => {
  /** A table whose layout counts how often its children are read: each `matchRoutes` flattens it once. */
  function countedTable() {
    const walks = { count: 0 };
    const children: RouteObject[] = [{ path: 'courses' }, { path: 'payment' }, { path: 'lecture/:id' }];
    const layout: RouteObject = { path: '/' };
    Object.defineProperty(layout, 'children', {
      enumerable: true,
      get() {
        walks.count += 1;
        return children;
      },
    });
    return { routes: [layout, { path: '*' }], walks };
  }

  it('answers as matchRoutes does, and walks the table once for the path shown, however often it is asked', () => {
    const { routes, walks } = countedTable();
    const first = routeMatches(routes, '/lecture/7');
    const walked = walks.count;
    expect(walked).toBeGreaterThan(0);
    expect(first.map((match) => match.route.path)).toEqual(
      (matchRoutes(routes, '/lecture/7') ?? []).map((match) => match.route.path),
    );
    expect(first.at(-1)?.params).toEqual({ id: '7' });
    walks.count = walked;
    expect(routeMatches(routes, '/lecture/7')).toBe(first);
    expect(routeMatches(routes, '/lecture/7')).toBe(first);
    expect(walks.count).toBe(walked);
  });

  it('works the matches out again for another path or another table, and answers none as an empty list', () => {
    const { routes, walks } = countedTable();
    const courses = routeMatches(routes, '/courses');
    const before = walks.count;
    expect(routeMatches(routes, '/payment').at(-1)?.route.path).toBe('payment');
    expect(walks.count).toBeGreaterThan(before);
    expect(routeMatches(routes, '/courses')).not.toBe(courses);
    const other = countedTable();
    expect(routeMatches(other.routes, '/courses').at(-1)?.route.path).toBe('courses');
    expect(other.walks.count).toBeGreaterThan(0);
    expect(routeMatches([{ path: '/only' }], '/elsewhere')).toEqual([]);
  });
});
