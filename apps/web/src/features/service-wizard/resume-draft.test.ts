import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLocalDraft } from '../../lib/local-drafts';
import { jsonResponse, stubApi } from '../../testing/render-with-app';
import { newDraftId, resumeDraft, UUID } from './resume-draft';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function serverDraft(values: Record<string, unknown>, step = 1) {
  return {
    id: ID,
    service_id: 'land-transfer',
    service_title: 'Land Owner Amendment',
    route: '/land-transfer',
    step,
    values,
    created_at: '2026-11-22T10:00:00.000+03:00',
    updated_at: '2026-11-22T10:05:00.000+03:00',
  };
}

function local(values: Record<string, unknown>, dirty: boolean, step = 2) {
  writeLocalDraft({
    id: ID,
    service_id: 'land-transfer',
    step,
    values,
    saved_at: new Date().toISOString(),
    dirty,
  });
}

function answer(response: () => Response | Promise<Response>) {
  stubApi({ 'GET /api/drafts/:id': response });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('resumeDraft', () => {
  it("starts from the server's draft, with the files' details apart", async () => {
    answer(() =>
      jsonResponse(
        200,
        serverDraft({
          lr_number: '209/10001',
          __files: { idCard: { name: 'id.png', size: 10, content_type: 'image/png' } },
        }),
      ),
    );
    const result = await resumeDraft('land-transfer', ID, 3);
    expect(result).toEqual({
      kind: 'found',
      offline: false,
      start: {
        draftId: ID,
        resumed: true,
        step: 1,
        values: { lr_number: '209/10001' },
        files: { idCard: { name: 'id.png', size: 10, content_type: 'image/png' } },
        unsynced: false,
      },
    });
  });

  it("prefers this device's copy when it holds changes the server never got", async () => {
    local({ lr_number: '209/10002' }, true);
    answer(() => jsonResponse(200, serverDraft({ lr_number: '209/1' })));
    const result = await resumeDraft('land-transfer', ID, 3);
    expect(result.kind === 'found' && result.start).toMatchObject({
      step: 2,
      values: { lr_number: '209/10002' },
      unsynced: true,
    });
  });

  it("prefers the server's draft over a copy it already has (edited elsewhere since)", async () => {
    local({ lr_number: '209/1' }, false);
    answer(() => jsonResponse(200, serverDraft({ lr_number: '209/10009' })));
    const result = await resumeDraft('land-transfer', ID, 3);
    expect(result.kind === 'found' && result.start.values).toEqual({ lr_number: '209/10009' });
  });

  it("uses this device's copy when the server cannot be reached", async () => {
    local({ lr_number: '209/10003' }, false);
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await resumeDraft('land-transfer', ID, 3);
    expect(result).toMatchObject({
      kind: 'found',
      offline: true,
      start: { values: { lr_number: '209/10003' } },
    });
  });

  it('says a deleted draft is missing (a copy the server already had is not brought back)', async () => {
    local({ lr_number: '209/1' }, false);
    answer(() => jsonResponse(404, { message: 'We could not find that draft.', code: 'not_found' }));
    expect(await resumeDraft('land-transfer', ID, 3)).toEqual({ kind: 'missing' });
  });

  it("says another service's draft is missing", async () => {
    answer(() => jsonResponse(200, { ...serverDraft({}), service_id: 'land-survey' }));
    expect(await resumeDraft('land-transfer', ID, 3)).toEqual({ kind: 'missing' });
  });

  it('keeps a step within the service', async () => {
    answer(() => jsonResponse(200, serverDraft({}, 9)));
    const result = await resumeDraft('land-transfer', ID, 3);
    expect(result.kind === 'found' && result.start.step).toBe(2);
  });
});

describe('newDraftId', () => {
  it('makes version 4 UUIDs, also without crypto.randomUUID', () => {
    expect(newDraftId()).toMatch(UUID);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const id = newDraftId();
    vi.unstubAllGlobals();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
