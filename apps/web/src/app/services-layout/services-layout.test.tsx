import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { catalogueMenu } from './menus';
import { ServicesLayout } from './services-layout';

/** jsdom has no matchMedia: answer the layout's query as a phone or a desktop would. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width: (\d+)px/.test(query) && width <= Number(/max-width: (\d+)px/.exec(query)?.[1]),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const routes: RouteObject[] = [
  { path: '/', element: <Link to="/add-land">Add a parcel</Link> },
  {
    element: <ServicesLayout menu={catalogueMenu('land')} />,
    children: [
      { path: 'land-rates-bill', handle: { title: 'titles.landRatesBill' }, element: <p>Rates page</p> },
      {
        path: 'land-survey',
        handle: { title: 'services.land-survey.title', titleDefault: 'Land Survey' },
        element: <p>Survey page</p>,
      },
      { path: 'add-land', handle: { title: 'titles.addLand', back: true }, element: <p>Add land page</p> },
    ],
  },
];

describe('services layout', () => {
  beforeEach(() => viewport(1280));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the Land services menu on the left with the five entries, the current one marked', async () => {
    await renderWithApp(routes, { path: '/land-survey' });
    const menu = await screen.findByRole('navigation', { name: 'Land services' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/land-rates-bill',
      '/ground-rent',
      '/land-transfer',
      '/land-survey',
      '/land-clearance',
    ]);
    expect(within(menu).getByRole('link', { name: /Land Survey/ })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: /Land Rates Bill/ })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByText('Apply for land survey.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Land Survey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back/ })).not.toBeInTheDocument();
  });

  it('moves the menu into a popover behind a button at 998 px or less', async () => {
    viewport(998);
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/land-rates-bill' });
    expect(screen.queryByRole('navigation', { name: 'Land services' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Land services/ }));
    const menu = await screen.findByRole('navigation', { name: 'Land services' });
    await user.click(within(menu).getByRole('link', { name: /Land Survey/ }));
    expect(router.state.location.pathname).toBe('/land-survey');
    expect(await screen.findByText('Survey page')).toBeInTheDocument();
  });

  it('goes back to the page the user came from with the Back button', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/' });
    await user.click(await screen.findByRole('link', { name: 'Add a parcel' }));
    await user.click(await screen.findByRole('button', { name: /Back/ }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to the menu’s first service when the page was opened directly', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/add-land' });
    await user.click(await screen.findByRole('button', { name: /Back/ }));
    expect(router.state.location.pathname).toBe('/land-rates-bill');
    expect(await screen.findByText('Rates page')).toBeInTheDocument();
  });
});
