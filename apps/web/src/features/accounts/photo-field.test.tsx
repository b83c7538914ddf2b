import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ProfileEditPage } from './profile-edit-page';

// The code that checks and sends a chosen photo (lib/uploads.ts, with zod) loads when the first
// file is chosen, not with /profile/edit (photo-field.tsx).
vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const PHOTO_ID = '1c8b5d2f-3a4e-4f6b-8c7d-8e9f0a1b2c3d';
const user = {
  id: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
  customer_no: 'NCC-0001001',
  first_name: 'Wanjiku',
  middle_name: null,
  sur_name: 'Kamau',
  full_name: 'Wanjiku Kamau',
  identifier: '2345678',
  identifier_type: 'id_number',
  phone_number: '254712345678',
  email: 'wanjiku@example.co.ke',
  mobile_number_2nd: null,
  secondary_email: null,
  photo: null,
  psv: false,
  first_time_login: false,
  created_at: '2026-01-01T08:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the photo field', () => {
  it('loads its upload code on the first choice: a failed download says so beside the field, the next choice tries again', async () => {
    const api = stubApi({
      'GET /api/profile': () => jsonResponse(200, { data: user, erp_data: null }),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 2.5 * 1024 * 1024 }),
      'POST /api/uploads': () =>
        jsonResponse(201, { id: PHOTO_ID, name: 'me.png', size: PNG.length, content_type: 'image/png' }),
    });
    const u = userEvent.setup();
    await renderWithApp([{ path: '/profile/edit', element: <ProfileEditPage /> }], { path: '/profile/edit' });
    const input = await screen.findByLabelText(/Profile photo/);
    // The server's limit is in the hint without the upload code.
    expect(await screen.findByText(/2\.5 MB/)).toBeInTheDocument();
    expect(loadChunk).not.toHaveBeenCalled();

    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('timeout', undefined, new Error('slow')));
    await u.type(screen.getByLabelText(/^First name/), ' Njeri');
    await u.upload(input, new File([PNG], 'me.png', { type: 'image/png' }));
    expect(
      await screen.findByText(/Part of the portal took too long to load \(load error: timeout\)/),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.url === '/api/uploads')).toBe(false);

    await u.upload(input, new File([PNG], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Photo of Wanjiku Kamau' })).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.url === '/api/uploads')).toHaveLength(1);
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Wanjiku Njeri');
  });
});
