import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { landingRoutes } from './landing-routes';
import { informationRoutes } from './routes';

async function start(path: string) {
  const { router } = await renderWithApp(
    [
      {
        path: '/',
        children: [...landingRoutes, ...informationRoutes, { path: '*', element: <p>No such page</p> }],
      },
    ],
    { path },
  );
  return router;
}

describe('public pages routes', () => {
  it('answers an unknown terms id with a 404', async () => {
    await start('/terms-and-conditions/no-such-terms');
    expect(await screen.findByText('No such page')).toBeInTheDocument();
  });

  it('sends /terms-and-conditions to the general terms', async () => {
    const router = await start('/terms-and-conditions');
    expect(
      await screen.findByRole('heading', { level: 2, name: '1. About these terms' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms-and-conditions/general');
  });

  it('titles each terms page by its own terms, and the landing page not at all', () => {
    const byPath = new Map(informationRoutes.map((route) => [route.path, route.handle?.title]));
    expect(byPath.get('terms-and-conditions/business-permit')).toBe('titles.termsBusinessPermit');
    expect(byPath.get('contact')).toBe('titles.contact');
    expect(byPath.get('faqs')).toBe('titles.faqs');
    expect(byPath.get('reserved-parking-terms-and-conditions')).toBe('titles.reservedParkingTerms');
    expect(byPath.get('data-privacy-policy')).toBe('titles.privacy');
    expect(landingRoutes[0]?.handle?.title).toBeUndefined();
  });
});
