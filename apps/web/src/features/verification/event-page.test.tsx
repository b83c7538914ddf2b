import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../testing/render-with-app';
import { EventPage } from './event-page';

afterEach(() => vi.unstubAllGlobals());

const event = {
  id: 'Ev3ntDoc1d_',
  name: 'Eastlands Street Festival',
  organiser: 'Eastlands Arts Collective',
  venue: 'Kamukunji Grounds',
  starts_on: '2026-12-12',
  ends_on: '2026-12-13',
  checked_at: '2026-11-29T07:00:00.000Z',
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string) => jsonResponse(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const page = (language: 'en' | 'sw' = 'en') =>
  renderWithApp([{ path: '/social/event/:id', element: <EventPage /> }], {
    path: '/social/event/Ev3ntDoc1d_',
    language,
  });

describe("an event's public page (/social/event/{id})", () => {
  it('asks the register by the id in the address and shows a permitted event, announced', async () => {
    const fetchMock = answer(200, { ...event, permit_status: 'valid' });
    await page();
    const result = await screen.findByTestId('verify-result');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/events/Ev3ntDoc1d_');
    expect(within(result).getByRole('heading', { name: 'Permitted event' })).toBeInTheDocument();
    expect(result).toHaveTextContent('EventEastlands Street Festival');
    expect(result).toHaveTextContent('OrganiserEastlands Arts Collective');
    expect(result).toHaveTextContent('VenueKamukunji Grounds');
    expect(result).toHaveTextContent('First day12th December 2026');
    expect(result).toHaveTextContent('Last day13th December 2026');
    expect(screen.getByRole('status')).toHaveTextContent(/^Permitted event\./);
  });

  it('says a revoked permit is revoked, in Kiswahili too', async () => {
    answer(200, { ...event, permit_status: 'revoked' });
    await page('sw');
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-status', 'revoked');
    expect(within(result).getByRole('heading', { name: 'Kibali kimebatilishwa' })).toBeInTheDocument();
    expect(result).toHaveTextContent('MwandaliziEastlands Arts Collective');
  });

  it('says so when no event has that id', async () => {
    answer(404, { message: 'We could not find that event. Please check the link.', code: 'not_found' });
    await page();
    // The server's own words, in an alert; the live region says the check failed.
    expect(
      await screen.findByText('We could not find that event. Please check the link.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We could not check this code');
  });
});
