import { PHOTO_FORMAT_MESSAGE } from '@kaunti/contract/api-accounts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProfileUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ProfileEditPage } from './profile-edit-page';
import { ProfileViewPage } from './profile-view-page';

const PHOTO_ID = '0b7a4c1e-2f3d-4e5a-9b6c-7d8e9f0a1b2c';
const NEW_PHOTO_ID = '1c8b5d2f-3a4e-4f6b-8c7d-8e9f0a1b2c3d';

function profile(photo: string | null) {
  return {
    data: testProfileUser({ photo }),
    erp_data: {
      customer_no: 'NCC-0001001',
      customer_name: 'Wanjiku Kamau',
      identifier: '2345678',
      identifier_type: 'id_number',
      kra_pin: null,
      registered_at: '2026-01-01T08:00:00.000Z',
    },
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

const routes = [
  { path: '/profile/edit', element: <ProfileEditPage /> },
  { path: '/profile/view', element: <ProfileViewPage /> },
];

beforeEach(() => {
  // jsdom has no object URLs: answer a distinct address per blob.
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:photo-${++n}`), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the profile photo', () => {
  it('is sent when chosen, shown at once, and saved with the profile', async () => {
    const api = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile(null)),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 5 * 1024 * 1024 }),
      'POST /api/uploads': () =>
        jsonResponse(201, { id: NEW_PHOTO_ID, name: 'me.png', size: PNG.length, content_type: 'image/png' }),
      'PUT /api/profile': ({ body }) =>
        jsonResponse(200, {
          message: 'Profile updated successfully.',
          data: { ...profile(null).data, photo: (body as { photo: string }).photo },
        }),
      'GET /api/uploads/:id': () =>
        new Response(new Blob([PNG], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } }),
    });
    const user = userEvent.setup();
    const { router } = await renderWithApp(routes, { path: '/profile/edit' });

    expect(await screen.findByRole('img', { name: 'No photo yet' })).toHaveTextContent('WK');
    await user.upload(
      screen.getByLabelText(/Profile photo/),
      new File([PNG], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Photo of Wanjiku Kamau' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(api.calls.filter((call) => call.method === 'POST' && call.url === '/api/uploads')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile/view'));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ first_name: 'Wanjiku', photo: NEW_PHOTO_ID });
  });

  it('refuses a file that is not a JPEG or PNG beside the field, without sending it', async () => {
    const api = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile(null)),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 5 * 1024 * 1024 }),
    });
    const user = userEvent.setup({ applyAccept: false });
    await renderWithApp(routes, { path: '/profile/edit' });
    const input = await screen.findByLabelText(/Profile photo/);
    await user.type(screen.getByLabelText(/^First name/), ' Njeri');
    await user.upload(input, new File(['%PDF-1.7'], 'deed.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(PHOTO_FORMAT_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.url === '/api/uploads')).toBe(false);
    // Nothing typed is lost.
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Wanjiku Njeri');
  });

  it('is removed with "Remove photo" and Save (photo: null), and left out when unchanged', async () => {
    const api = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile(PHOTO_ID)),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 5 * 1024 * 1024 }),
      'GET /api/uploads/:id': () => new Response(new Blob([PNG], { type: 'image/png' })),
      'PUT /api/profile': () =>
        jsonResponse(200, { message: 'Profile updated successfully.', data: profile(null).data }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, { path: '/profile/edit' });
    expect(await screen.findByRole('img', { name: 'Photo of Wanjiku Kamau' })).toBeInTheDocument();
    const fetched = api.calls.find((call) => call.url === `/api/uploads/${PHOTO_ID}`);
    expect(fetched).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByRole('img', { name: 'No photo yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ photo: null }),
    );
  });

  it('keeps the photo when only the names change (no photo in the request)', async () => {
    const api = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile(PHOTO_ID)),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 5 * 1024 * 1024 }),
      'GET /api/uploads/:id': () => new Response(new Blob([PNG], { type: 'image/png' })),
      'PUT /api/profile': () =>
        jsonResponse(200, { message: 'Profile updated successfully.', data: profile(PHOTO_ID).data }),
    });
    const user = userEvent.setup();
    await renderWithApp(routes, { path: '/profile/edit' });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('photo');
  });

  it('is shown on /profile/view, fetched with the session', async () => {
    stubApi({
      'GET /api/profile': () => jsonResponse(200, profile(PHOTO_ID)),
      'GET /api/uploads/:id': () => new Response(new Blob([PNG], { type: 'image/png' })),
    });
    await renderWithApp(routes, { path: '/profile/view' });
    expect(await screen.findByRole('img', { name: 'Photo of Wanjiku Kamau' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:photo-/),
    );
  });
});
