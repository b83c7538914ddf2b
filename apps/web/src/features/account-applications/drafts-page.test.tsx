import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { readLocalDraft, writeLocalDraft } from '../../lib/local-drafts';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { DraftsPage, withoutDraft } from './drafts-page';

// Each service's definition is its own small file, loaded beside the list (service-definitions.ts).
vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const C = '3b241101-e2bb-4255-8caf-4136c566a962';

function draft(
  id: string,
  serviceId: string,
  title: string,
  route: string,
  step: number,
  updated: string,
  label: string | null = null,
) {
  return {
    id,
    service_id: serviceId,
    service_title: title,
    label,
    kept: true,
    route,
    step,
    values: {},
    created_at: '2026-11-20T08:00:00.000+03:00',
    updated_at: updated,
  };
}

const drafts = [
  draft(
    A,
    'land-transfer',
    'Land Owner Amendment',
    '/land-transfer',
    1,
    '2026-11-22T14:05:00.000+03:00',
    '209/10001',
  ),
  draft(B, 'land-survey', 'Land Survey', '/land-survey', 0, '2026-11-21T09:30:00.000+03:00'),
];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('DraftsPage', () => {
  it('shows every draft when the list comes in pages, following next_cursor until it is null', async () => {
    const api = stubApi({
      'GET /api/drafts': ({ url }) =>
        url.includes('cursor=')
          ? jsonResponse(200, { data: [drafts[1]], next_cursor: null })
          : jsonResponse(200, { data: [drafts[0]], next_cursor: 'page-2' }),
    });
    await renderWithApp(<DraftsPage />);
    const list = await screen.findByRole('list', { name: 'Drafts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/drafts?limit=500',
      '/api/drafts?limit=500&cursor=page-2',
    ]);
  });

  it('lists each draft with its service, when it was saved, its step, and a Resume link', async () => {
    stubApi({ 'GET /api/drafts': () => jsonResponse(200, { data: drafts }) });
    await renderWithApp(<DraftsPage />);
    const list = await screen.findByRole('list', { name: 'Drafts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Each draft says which one it is: its service and its key value (the parcel).
    expect(
      within(items[0]!).getByRole('heading', { name: 'Land Owner Amendment: 209/10001' }),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByRole('heading', { name: 'Land Survey' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('22nd November 2026, 14:05');
    expect(items[0]).toHaveTextContent('Step 2 of 3: Personal Details');
    expect(within(items[0]!).getByRole('link', { name: 'Resume Land Owner Amendment' })).toHaveAttribute(
      'href',
      `/land-transfer?draft=${A}`,
    );
  });

  it("loads each service's definition once, not the catalogue; one that cannot be loaded only leaves its draft without the step", async () => {
    stubApi({
      'GET /api/drafts': () =>
        jsonResponse(200, {
          data: [
            ...drafts,
            draft(C, 'land-survey', 'Land Survey', '/land-survey', 1, '2026-11-20T09:30:00.000+03:00'),
          ],
        }),
    });
    vi.mocked(loadChunk).mockClear();
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('other', undefined, new Error('offline')));
    await renderWithApp(<DraftsPage />);
    const list = await screen.findByRole('list', { name: 'Drafts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // The first service's (land transfer's) definition failed: its draft is listed, without its step.
    expect(within(items[0]!).getByRole('heading', { name: 'Land Owner Amendment: 209/10001' })).toBeVisible();
    expect(items[0]).not.toHaveTextContent('Step');
    expect(items[1]).toHaveTextContent('Step 1 of');
    expect(items[2]).toHaveTextContent('Step 2 of');
    // Two services, two definitions: land survey's once for its two drafts.
    expect(loadChunk).toHaveBeenCalledTimes(2);
  });

  it('deletes a draft after confirmation and removes exactly that one from the list', async () => {
    const api = stubApi({
      'GET /api/drafts': () => jsonResponse(200, { data: drafts }),
      'DELETE /api/drafts/:id': ({ url }) => jsonResponse(200, { id: url.split('/').pop(), deleted: true }),
    });
    writeLocalDraft({
      id: B,
      service_id: 'land-survey',
      step: 0,
      values: {},
      saved_at: new Date().toISOString(),
      dirty: false,
    });
    await renderWithApp(<DraftsPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete Land Survey' }));
    // Nothing is deleted before the confirmation.
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen.getByRole('button', { name: 'Yes, delete it' });
    expect(confirm).toHaveFocus();
    await u.click(confirm);

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Land Survey' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/drafts/${B}`]);
    expect(screen.getByRole('heading', { name: 'Land Owner Amendment: 209/10001' })).toBeInTheDocument();
    expect(readLocalDraft('land-survey', B)).toBeUndefined();
  });

  it('keeps the draft when the confirmation is cancelled', async () => {
    const api = stubApi({ 'GET /api/drafts': () => jsonResponse(200, { data: drafts }) });
    await renderWithApp(<DraftsPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete Land Survey' }));
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Land Survey' })).toHaveFocus();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says when there is no draft', async () => {
    stubApi({ 'GET /api/drafts': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<DraftsPage />);
    expect(await screen.findByText('You have no saved drafts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See the county's services" })).toHaveAttribute('href', '/');
  });
});

describe('withoutDraft', () => {
  it('removes the draft with that id only', () => {
    expect(withoutDraft(drafts, A).map((d) => d.id)).toEqual([B]);
    expect(withoutDraft(drafts, 'other')).toEqual(drafts);
  });
});
