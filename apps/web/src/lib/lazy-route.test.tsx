import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyRoute, preloadRoutes } from './lazy-route';

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
