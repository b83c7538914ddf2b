import { defineService } from '@kaunti/catalogue/define-service';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../../lib/chunk-loader';
import { jsonResponse, renderWithApp, stubApi } from '../../../testing/render-with-app';
import { freshStart } from '../resume-draft';
import { ServiceWizard } from '../service-wizard';

vi.mock('../../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const UPLOAD_ID = '5b0c6a2e-4a44-4c1e-9a55-0a3e8f7d1c11';

const service = defineService({
  id: 'file-test',
  route: '/file-test',
  area: 'land',
  title: 'File test',
  description: 'A service for the tests.',
  menu: false,
  order: 99,
  application_prefix: 'FIL',
  steps: [
    {
      id: 'documents',
      title: 'Documents',
      fields: [
        { name: 'note', kind: 'text', label: 'Note', required: false },
        {
          name: 'idCard',
          kind: 'file',
          label: 'Copy of your ID card',
          required_message: 'Please upload copy of your ID card',
        },
      ],
    },
  ],
  fee: { rule: 'none' },
  workflow: 'review-and-issue',
  produces: 'none',
  submit: { method: 'POST', path: '/api/test/apply', success_message: 'Submitted' },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a file field', () => {
  it('is drawn without the upload code; a failed download says so beside the field, and the next choice is sent', async () => {
    const start = freshStart();
    const api = stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: start.draftId, ...(body as object) }),
      'GET /api/uploads/limits': () =>
        jsonResponse(200, { max_bytes: 1024 * 1024, content_types: ['image/jpeg', 'image/png'] }),
      'POST /api/uploads': () =>
        jsonResponse(201, { id: UPLOAD_ID, name: 'id-card.png', size: 2048, content_type: 'image/png' }),
    });
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('timeout', undefined, new Error('slow')));
    await renderWithApp(<ServiceWizard service={service} start={start} />);
    const u = userEvent.setup();
    expect(loadChunk).not.toHaveBeenCalled();
    await u.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    const png = () => new File([new Uint8Array(2048)], 'id-card.png', { type: 'image/png' });

    await u.upload(screen.getByLabelText(/Copy of your ID card/), png());
    await waitFor(() =>
      expect(screen.getByLabelText(/Copy of your ID card/)).toHaveAccessibleDescription(
        expect.stringContaining('load error: timeout'),
      ),
    );
    expect(api.calls.some((c) => c.url === '/api/uploads' && c.method === 'POST')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('kept');

    await u.upload(screen.getByLabelText(/Copy of your ID card/), png());
    expect(await screen.findByText('id-card.png')).toBeVisible();
    expect(screen.getByText('2 KB')).toBeVisible();
    expect(loadChunk).toHaveBeenCalledTimes(2);
  });
});
