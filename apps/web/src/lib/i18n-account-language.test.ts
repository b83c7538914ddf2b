import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../testing/render-with-app';
import { setAuthToken } from './api-client';
import { changeLanguage } from './i18n';

/** Issue 36 item 25: a signed-in user's switch of language is kept by the account (its SMS follow it). */
describe('switching the language', () => {
  afterEach(() => {
    setAuthToken(undefined);
    vi.unstubAllGlobals();
  });

  it("signed in: the account is told the new language, with the user's token", async () => {
    const api = stubApi({ 'PUT /api/profile/language': ({ body }) => jsonResponse(200, body) });
    setAuthToken('session-token');
    await changeLanguage('sw');
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        url: '/api/profile/language',
        body: { language: 'sw' },
        authorization: 'Bearer session-token',
      }),
    );
  });

  it('signed out: nothing is sent (the device remembers it)', async () => {
    const api = stubApi({});
    await changeLanguage('en');
    expect(api.calls).toEqual([]);
  });
});
