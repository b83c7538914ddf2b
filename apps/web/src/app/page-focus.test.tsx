import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, type RouteObject, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render-with-app';
import { PageFocus } from './page-focus';

function Layout() {
  return (
    <>
      <nav>
        <Link to="/first">First</Link> <Link to="/second">Second</Link> <Link to="/form">Form</Link>{' '}
        <Link to="/second?tab=2">Second, tab 2</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <PageFocus mainId="main" />
    </>
  );
}

/** A page that puts the focus on its own field when it opens. */
function FormPage() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>A form</h1>
      <label>
        Name <input ref={field} />
      </label>
    </>
  );
}

function SecondPage() {
  const [params] = useSearchParams();
  return (
    <>
      <h1>Second page</h1>
      <p>Tab {params.get('tab') ?? '1'}</p>
      <button type="button">Inside</button>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/first', element: <h1>First page</h1> },
      { path: '/second', element: <SecondPage /> },
      { path: '/form', element: <FormPage /> },
    ],
  },
];

describe('PageFocus', () => {
  it("moves the focus to a new page's heading, not on the first load, nor when only the query changes", async () => {
    await renderWithApp(routes, { path: '/first' });
    expect(await screen.findByRole('heading', { name: 'First page' })).not.toHaveFocus();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Second' }));
    const heading = await screen.findByRole('heading', { name: 'Second page' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('button', { name: 'Inside' }));
    await user.click(screen.getByRole('link', { name: 'Second, tab 2' }));
    expect(await screen.findByText('Tab 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Second, tab 2' })).toHaveFocus();
  });

  it('leaves the focus where the new page put it', async () => {
    await renderWithApp(routes, { path: '/first' });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Form' }));
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).toHaveFocus();
  });

  it('focuses a heading that arrives after the page (its data still loading)', async () => {
    function Late() {
      const [shown, setShown] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setShown(true), 50);
        return () => clearTimeout(timer);
      }, []);
      return shown ? <h1>Loaded page</h1> : <p>Loading…</p>;
    }
    const withLate: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/first', element: <h1>First page</h1> },
          { path: '/late', element: <Late /> },
        ],
      },
    ];
    const { router } = await renderWithApp(withLate, { path: '/first' });
    await screen.findByRole('heading', { name: 'First page' });
    await router.navigate('/late');
    const heading = await screen.findByRole('heading', { name: 'Loaded page' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
