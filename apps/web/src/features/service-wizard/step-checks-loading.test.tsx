import { defineService } from '@kaunti/catalogue/define-service';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const service = defineService({
  id: 'checks-test',
  route: '/checks-test',
  area: 'land',
  title: 'Checks test',
  description: 'A service for the tests.',
  menu: false,
  order: 99,
  application_prefix: 'CHK',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel',
      fields: [
        {
          name: 'lr_number',
          kind: 'parcel',
          label: 'Land / parcel number (LR number)',
          required_message: 'Please enter your land / parcel number',
        },
      ],
    },
    { id: 'done', title: 'Done', fields: [] },
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

describe('the step checks (loaded on the first submit)', () => {
  it('are not fetched to draw the step; a failed download says so, keeps what was typed, and the next submit checks the step', async () => {
    const start = freshStart();
    stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: start.draftId, ...(body as object) }),
    });
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('other', undefined, new Error('offline')));
    await renderWithApp(<ServiceWizard service={service} start={start} />);
    const u = userEvent.setup();
    const lr = screen.getByRole('textbox', { name: /Land \/ parcel number/ });
    expect(loadChunk).not.toHaveBeenCalled();

    await u.type(lr, 'not a number!');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Part of the portal failed to load \(load error: other\)/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Parcel' })).toBeInTheDocument();
    expect(lr).toHaveValue('not a number!');
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();

    // The next submit waits for the checks, the button busy meanwhile, then checks the step.
    let arrive: () => void = () => {};
    vi.mocked(loadChunk).mockImplementationOnce(
      (importer) => new Promise((resolve, reject) => (arrive = () => importer().then(resolve, reject))),
    );
    await u.click(screen.getByRole('button', { name: 'Next' }));
    const busy = await screen.findByRole('button', { name: 'Loading…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText(/Part of the portal failed to load/)).toBeNull();
    arrive();
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Please enter a valid LR number, e.g. 209/10001' }),
    ).toHaveAttribute('href', '#wizard-lr_number');
    expect(lr).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    // Loaded once: the answer is checked again as it changes, and Next moves on.
    await u.clear(lr);
    await u.type(lr, '209/10001');
    await waitFor(() => expect(lr).not.toHaveAttribute('aria-invalid'));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Done' })).toBeInTheDocument();
    expect(loadChunk).toHaveBeenCalledTimes(2);
  });
});
