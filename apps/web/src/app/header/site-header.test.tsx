import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { SiteHeader } from './site-header';

const routes: RouteObject[] = [
  { path: '/', element: <SiteHeader account={<a href="/login">Sign in</a>} /> },
  { path: '/faqs', element: <SiteHeader account={<a href="/login">Sign in</a>} /> },
];

describe('the site header on a phone', () => {
  it('opens the folded menu from the keyboard and Escape closes it with focus back on the button', async () => {
    const user = userEvent.setup();
    await renderWithApp(routes, { path: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(button).toHaveAttribute('aria-controls', nav.id);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes the folded menu on a press outside it and on a navigation', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'FAQs' }));
    expect(router.state.location.pathname).toBe('/faqs');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
