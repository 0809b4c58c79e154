import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Outlet, useRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRouter } from '@test/memory-router';
import { useRouteFocus } from './use-route-focus';

function Root() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/first">First</Link>
        <Link to="/second">Second</Link>
        <Link to="/late">Late</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading shows only once its data has come. */
function LatePage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Late page</h1> : <p>Loading</p>;
}

const routes: RouteObject[] = [
  {
    Component: Root,
    children: [
      { path: '/first', element: <h1>First page</h1> },
      {
        path: '/second',
        element: (
          <h1 tabIndex={0} data-own-tabindex>
            Second page
          </h1>
        ),
      },
      { path: '/late', Component: LatePage },
    ],
  },
];

function Pages() {
  return useRoutes(routes);
}

function renderRoutes() {
  const { router, Router } = testRouter('/first');
  render(
    <Router>
      <Pages />
    </Router>,
  );
  return router;
}

describe('useRouteFocus', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves focus alone on the first load', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderRoutes();
    expect(screen.getByRole('heading', { name: 'First page' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('moves focus to the new page’s h1 after a navigation, without making it a Tab stop', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoutes();

    await user.click(screen.getByRole('link', { name: 'Second' }));
    const second = screen.getByRole('heading', { name: 'Second page' });
    expect(second).toHaveFocus();
    // A heading that already says how it takes focus keeps its own tabindex.
    expect(second).toHaveAttribute('tabindex', '0');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    await user.click(screen.getByRole('link', { name: 'First' }));
    const first = screen.getByRole('heading', { name: 'First page' });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('tabindex', '-1');
  });

  it('waits for a page that shows its heading later', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderRoutes();

    await act(() => router.navigate('/late'));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Late page' })).toHaveFocus();
  });
});
