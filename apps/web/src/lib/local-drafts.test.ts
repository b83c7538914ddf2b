import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse, stubApi } from '../testing/render-with-app';
import { setAuthToken } from './api-client';
import {
  clearLocalDrafts,
  type LocalDraft,
  listLocalDrafts,
  readLocalDraft,
  sendUnsyncedDrafts,
  writeLocalDraft,
} from './local-drafts';
import { removeTokenCookie, writeTokenCookie } from './session-token';

const draft = (id: string, dirty: boolean): LocalDraft => ({
  id,
  service_id: 'land-survey',
  step: 1,
  values: { lr_number: '209/10001' },
  saved_at: '2026-11-29T10:00:00.000Z',
  dirty,
});
const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const B = '1d1bd0d5-46c5-4c5e-93b9-2f2f6d2f6b11';

function signInAs(sub: string) {
  const token = fakeJwt({ sub, scope: 'full' });
  writeTokenCookie(token);
  setAuthToken(token);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  removeTokenCookie();
  setAuthToken(undefined);
  vi.unstubAllGlobals();
});

describe('the copies of forms kept on this device', () => {
  it("are the signed-in user's own: another account on the same phone sees none of them", () => {
    signInAs('u1');
    writeLocalDraft(draft(A, true));
    expect(readLocalDraft('land-survey', A)).toMatchObject({ dirty: true });
    signInAs('u2');
    expect(readLocalDraft('land-survey', A)).toBeUndefined();
    expect(listLocalDrafts()).toEqual([]);
    expect(listLocalDrafts('u1')).toHaveLength(1);
  });

  it('sends the unsynced ones as their drafts and marks them synced; one that fails stays unsynced', async () => {
    signInAs('u1');
    writeLocalDraft(draft(A, true));
    writeLocalDraft(draft(B, true));
    writeLocalDraft({ ...draft('2c2bd0d5-46c5-4c5e-93b9-2f2f6d2f6b22', false) });
    const { calls } = stubApi({
      [`PUT /api/drafts/${A}`]: ({ body }) => jsonResponse(200, { id: A, ...(body as object) }),
      [`PUT /api/drafts/${B}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(sendUnsyncedDrafts()).resolves.toBe(1);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(calls.find((call) => call.url === `/api/drafts/${A}`)?.body).toEqual({
      service_id: 'land-survey',
      step: 1,
      values: { lr_number: '209/10001' },
    });
    expect(readLocalDraft('land-survey', A)?.dirty).toBe(false);
    expect(readLocalDraft('land-survey', B)?.dirty).toBe(true);
  });

  it("clearing removes one user's copies only", () => {
    signInAs('u1');
    writeLocalDraft(draft(A, true));
    signInAs('u2');
    writeLocalDraft(draft(B, false));
    clearLocalDrafts('u1');
    expect(listLocalDrafts('u1')).toEqual([]);
    expect(listLocalDrafts('u2')).toHaveLength(1);
  });
});
