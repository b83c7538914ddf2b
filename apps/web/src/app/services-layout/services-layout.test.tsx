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
      {
        path: 'land-rates-bill',
        handle: { title: 'titles.landRatesBill' },
        element: (
          <label>
            Rates page <input />
          </label>
        ),
      },
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

  it('moves the menu behind a disclosure button at 998 px or less; an entry navigates and closes it', async () => {
    viewport(998);
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/land-rates-bill' });
    expect(screen.queryByRole('navigation', { name: 'Land services' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Land services' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('navigation', { name: 'Land services' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('link', { name: /Land Rates Bill/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(menu).getByRole('link', { name: /Land Survey/ }));
    expect(router.state.location.pathname).toBe('/land-survey');
    expect(await screen.findByText('Survey page')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Land services' })).not.toBeInTheDocument();
  });

  it('on a phone the keyboard opens the menu, tabs into it, and Escape closes it with focus back on the button', async () => {
    viewport(360);
    const user = userEvent.setup();
    await renderWithApp(routes, { path: '/land-rates-bill' });
    const button = screen.getByRole('button', { name: 'Land services' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Land services' });
    await user.tab();
    expect(within(menu).getByRole('link', { name: /Land Rates Bill/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Land services' })).not.toBeInTheDocument();
    // Space opens it too, and pressing it again closes it.
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone a press outside the menu closes it, and so does tabbing past its last entry', async () => {
    viewport(360);
    const user = userEvent.setup();
    await renderWithApp(routes, { path: '/land-rates-bill' });
    const button = screen.getByRole('button', { name: 'Land services' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Rates page'));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('navigation', { name: 'Land services' });
    within(menu)
      .getByRole('link', { name: /Land Clearance/ })
      .focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Rates page' })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
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
