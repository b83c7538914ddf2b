import { useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { EmptyState, QueryState } from './query-state';

const UNAVAILABLE = 'We are unable to process your request right now. Please try again later.';

function Parcels({ retry = true }: { retry?: boolean }) {
  const query = useQuery({ queryKey: ['parcels'], queryFn: () => api<{ data: string[] }>('/api/parcels') });
  return (
    <QueryState
      query={query}
      loadingLabel="Loading your parcels…"
      errorTitle="We could not load your parcels."
      retryLabel={retry ? 'Try again' : undefined}
    >
      {({ data }) =>
        data.length === 0 ? (
          <EmptyState>
            <p>You have no parcels yet.</p>
            <a href="/add-land">Add land</a>
          </EmptyState>
        ) : (
          <ul aria-label="Parcels">
            {data.map((parcel) => (
              <li key={parcel}>{parcel}</li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('QueryState', () => {
  it('says it is loading, then shows the data', async () => {
    stubApi({ 'GET /api/parcels': () => jsonResponse(200, { data: ['209/10001', '209/10002'] }) });
    await renderWithApp(<Parcels />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your parcels…');
    const list = await screen.findByRole('list', { name: 'Parcels' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['209/10001', '209/10002']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's message in a danger alert, and asks again on request", async () => {
    let calls = 0;
    stubApi({
      'GET /api/parcels': () =>
        ++calls === 1
          ? jsonResponse(503, { message: UNAVAILABLE, code: 'unavailable' })
          : jsonResponse(200, { data: ['209/10001'] }),
    });
    await renderWithApp(<Parcels />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your parcels.');
    expect(alert).toHaveTextContent(UNAVAILABLE);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('209/10001');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the data in view, under the alert, when asking again fails', async () => {
    let calls = 0;
    stubApi({
      'GET /api/parcels': () =>
        ++calls === 1
          ? jsonResponse(200, { data: ['209/10001'] })
          : jsonResponse(503, { message: UNAVAILABLE, code: 'unavailable' }),
    });
    const { queryClient } = await renderWithApp(<Parcels />);
    expect(await screen.findByRole('listitem')).toHaveTextContent('209/10001');
    await act(() => queryClient.refetchQueries({ queryKey: ['parcels'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.getByRole('listitem')).toHaveTextContent('209/10001');
  });

  it("translates the server's message, and has no button when there is no retry", async () => {
    stubApi({ 'GET /api/parcels': () => jsonResponse(503, { message: UNAVAILABLE, code: 'unavailable' }) });
    await renderWithApp(<Parcels retry={false} />, { language: 'sw' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Hatuwezi kushughulikia ombi lako kwa sasa. Tafadhali jaribu tena baadaye.',
    );
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('lets the page say when the list is empty, with where to go instead', async () => {
    stubApi({ 'GET /api/parcels': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<Parcels />);
    expect(await screen.findByText('You have no parcels yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add land' })).toHaveAttribute('href', '/add-land');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
