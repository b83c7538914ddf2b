import { defineService } from '@kaunti/catalogue/definition';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLocalDraft } from '../../lib/local-drafts';
import { type ApiHandlers, jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart, type StartingPoint } from './resume-draft';
import { ServiceWizard } from './service-wizard';

/** A small service: an information step, a step with four kinds of field, a declaration. */
const testService = defineService({
  id: 'test-service',
  route: '/test-service',
  area: 'land',
  title: 'Test service',
  description: 'A service for the tests.',
  menu: false,
  order: 99,
  application_prefix: 'TST',
  steps: [
    {
      id: 'intro',
      title: 'Instructions',
      content: [
        { type: 'paragraph', text: 'Have your documents ready.' },
        { type: 'list', items: ['Your ID card', 'Your title deed'] },
      ],
      fields: [],
    },
    {
      id: 'details',
      title: 'Details',
      fields: [
        {
          name: 'lr_number',
          kind: 'parcel',
          label: 'Land / parcel number (LR number)',
          required_message: 'Please enter your land / parcel number',
        },
        {
          name: 'purpose',
          kind: 'select',
          label: 'Purpose',
          options: { static: [{ value: 'sale', label: 'Sale' }] },
          required_message: 'Please select the purpose',
        },
        {
          name: 'idCard',
          kind: 'file',
          label: 'Copy of your ID card',
          required_message: 'Please upload copy of your ID card',
        },
        { name: 'note', kind: 'text', label: 'Note', required: false },
      ],
    },
    {
      id: 'declaration',
      title: 'Declaration',
      fields: [
        {
          name: 'agree',
          kind: 'checkbox',
          label: 'The information I gave is true',
          required_message: 'Please confirm the information is true',
        },
      ],
    },
  ],
  fee: { rule: 'none' },
  workflow: 'review-and-issue',
  produces: 'none',
  submit: {
    method: 'POST',
    path: '/api/test/apply',
    success_message: 'LR application submitted successfully',
  },
});

const UPLOAD_ID = '5b0c6a2e-4a44-4c1e-9a55-0a3e8f7d1c11';

function submitted() {
  return {
    success: true,
    message: 'LR application submitted successfully',
    application: {
      application_no: 'LND-2026-000123',
      service_id: 'test-service',
      service_title: 'Test service',
      route: '/test-service',
      status: 'under_review',
      reference: '209/10001',
      values: {},
      fee_cents: 0,
      bill_no: null,
      produces: null,
      document: null,
      created_at: '2026-11-22T10:00:00.000+03:00',
      updated_at: '2026-11-22T10:00:00.000+03:00',
    },
    bill: null,
  };
}

function setup(handlers: ApiHandlers = {}, start: StartingPoint = freshStart()) {
  const api = stubApi({
    'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: start.draftId, ...(body as object) }),
    'GET /api/uploads/limits': () =>
      jsonResponse(200, {
        max_bytes: 1024 * 1024,
        content_types: ['image/jpeg', 'image/png', 'application/pdf'],
      }),
    'POST /api/uploads': () =>
      jsonResponse(201, { id: UPLOAD_ID, name: 'id-card.png', size: 2048, content_type: 'image/png' }),
    'POST /api/test/apply': () => jsonResponse(201, submitted()),
    ...handlers,
  });
  return { api, start };
}

async function renderWizard(start: StartingPoint, language: 'en' | 'sw' = 'en') {
  return renderWithApp(<ServiceWizard service={testService} start={start} />, { language });
}

const user = () => userEvent.setup();

async function toDetails(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Details' });
}

async function fillDetails(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/10001');
  await u.selectOptions(screen.getByRole('combobox', { name: /Purpose/ }), 'sale');
  await u.upload(
    screen.getByLabelText(/Copy of your ID card/),
    new File([new Uint8Array(2048)], 'id-card.png', { type: 'image/png' }),
  );
  await screen.findByText('id-card.png');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  // Unmount first: leaving the form sends what is still waiting, to the fake API.
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ServiceWizard', () => {
  it('shows a stepper with the current step and the first step with Next only', async () => {
    const { start } = setup();
    await renderWizard(start);
    const stepper = screen.getByRole('list', { name: 'Steps' });
    const items = within(stepper).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 2, name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getByText('Have your documents ready.')).toBeInTheDocument();
    expect(screen.getByText('Your title deed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('on an empty submit shows each required message beside its field and in a focused summary', async () => {
    const { start } = setup();
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await u.click(screen.getByRole('button', { name: 'Next' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Please enter your land / parcel number',
      'Please select the purpose',
      'Please upload copy of your ID card',
    ]);
    expect(links[0]).toHaveAttribute('href', '#wizard-lr_number');
    await waitFor(() => expect(summary.parentElement).toHaveFocus());

    const lr = screen.getByRole('textbox', { name: /Land \/ parcel number/ });
    expect(lr).toHaveAttribute('aria-invalid', 'true');
    expect(lr).toHaveAccessibleDescription('Error: Please enter your land / parcel number');
    expect(screen.getByLabelText(/Copy of your ID card/)).toHaveAccessibleDescription(
      'Error: Please upload copy of your ID card',
    );
    // The optional field has no asterisk and no error.
    expect(screen.getByRole('textbox', { name: 'Note' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
  });

  it('marks required fields with a red asterisk and the word "required"', async () => {
    const { start } = setup();
    await renderWizard(start);
    await toDetails(user());
    expect(
      screen.getByRole('textbox', { name: 'Land / parcel number (LR number) (required)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Purpose (required)' })).toBeInTheDocument();
    expect(screen.getAllByText('*', { exact: false }).length).toBeGreaterThanOrEqual(3);
  });

  it('moves on when the step is valid, and Previous goes back with the values kept', async () => {
    const { start, api } = setup();
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await fillDetails(u);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Declaration' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    // The step change saved the draft on the server.
    const saves = api.calls.filter((c) => c.method === 'PUT');
    expect(saves.at(-1)?.body).toMatchObject({
      service_id: 'test-service',
      step: 2,
      values: { lr_number: '209/10001', purpose: 'sale', idCard: UPLOAD_ID },
    });

    await u.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10001');
    expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveValue('sale');
    expect(screen.getByText('id-card.png')).toBeInTheDocument();
  });

  it('shows "Loading…" on Next while the draft is being saved', async () => {
    let release: () => void = () => undefined;
    const { start } = setup({
      'PUT /api/drafts/:id': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, {}));
        }),
    });
    await renderWizard(start);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    const busy = await screen.findByRole('button', { name: 'Loading…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Instructions' })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('submits on Finish with the draft id, shows the success message, and forgets the device copy', async () => {
    const { start, api } = setup();
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await fillDetails(u);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Declaration' });
    await u.click(screen.getByRole('checkbox', { name: /The information I gave is true/ }));
    await u.click(screen.getByRole('button', { name: 'Finish' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'LR application submitted successfully' }),
    ).toBeInTheDocument();
    expect(screen.getByText('LND-2026-000123')).toBeInTheDocument();
    const post = api.calls.find((c) => c.url === '/api/test/apply');
    // The server deletes the draft named by draft_id with the submission.
    expect(post?.body).toEqual({
      lr_number: '209/10001',
      purpose: 'sale',
      idCard: UPLOAD_ID,
      agree: true,
      draft_id: start.draftId,
    });
    expect(readLocalDraft('test-service', start.draftId)).toBeUndefined();
  });

  it("shows the server's error in a danger alert beside the field, keeping every value", async () => {
    const message =
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.';
    const { start } = setup({
      'POST /api/test/apply': () =>
        jsonResponse(400, { message, code: 'validation_failed', details: [{ path: 'lr_number', message }] }),
    });
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await u.type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/99999');
    await u.selectOptions(screen.getByRole('combobox', { name: /Purpose/ }), 'sale');
    await u.upload(
      screen.getByLabelText(/Copy of your ID card/),
      new File([new Uint8Array(2048)], 'id-card.png', { type: 'image/png' }),
    );
    await screen.findByText('id-card.png');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Declaration' });
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Finish' }));

    // The problem is with a field of an earlier step: the wizard goes back to it.
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    const danger = document.querySelector('[data-variant="danger"]');
    expect(danger).toHaveTextContent(message);
    expect(danger).toHaveAttribute('role', 'alert');
    // Said once in the alert and once beside the field, not a third time in the summary.
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveAccessibleDescription(
      `Error: ${message}`,
    );
    const lr = screen.getByRole('textbox', { name: /Land \/ parcel number/ });
    expect(lr).toHaveValue('209/99999');
    expect(lr).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveValue('sale');
    expect(screen.getByText('id-card.png')).toBeInTheDocument();
  });

  it("says a service's own sentence for a failure that carries no message (pest control: Request failed)", async () => {
    const pest = { ...testService, submit: { ...testService.submit, failure_message: 'Request failed' } };
    const { start } = setup({ 'POST /api/test/apply': () => new Response('', { status: 502 }) });
    await renderWithApp(<ServiceWizard service={pest} start={start} />, { language: 'en' });
    const u = user();
    await toDetails(u);
    await fillDetails(u);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Declaration' });
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(document.querySelector('[data-variant="danger"]')).toHaveTextContent('Request failed'),
    );
    // Without the service's sentence, the general one.
    cleanup();
    const plain = setup({ 'POST /api/test/apply': () => new Response('', { status: 502 }) });
    await renderWizard(plain.start);
    await toDetails(u);
    await fillDetails(u);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Declaration' });
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(document.querySelector('[data-variant="danger"]')).toHaveTextContent(
        'We are unable to process your request right now.',
      ),
    );
  });

  it("shows a refused file's message beside its field and keeps the rest of the form", async () => {
    const { start } = setup({
      'POST /api/uploads': () =>
        jsonResponse(415, {
          message: 'Only JPEG or PNG images and PDF documents can be uploaded.',
          code: 'unsupported_media_type',
        }),
    });
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await u.type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/10001');
    await u.selectOptions(screen.getByRole('combobox', { name: /Purpose/ }), 'sale');
    const input = screen.getByLabelText(/Copy of your ID card/);
    // The field's live region is there, empty, before anything is sent.
    const region = within(input.closest('[class*="field"]') as HTMLElement).getByRole('status');
    expect(region).toBeEmptyDOMElement();
    await u.upload(input, new File(['%PDF-fake'], 'renamed.pdf', { type: 'application/pdf' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/Copy of your ID card/)).toHaveAccessibleDescription(
        'Error: Only JPEG or PNG images and PDF documents can be uploaded.',
      ),
    );
    // The refusal is announced, and the picker kept the focus (it is never disabled).
    expect(region).toHaveTextContent(
      'Copy of your ID card: Only JPEG or PNG images and PDF documents can be uploaded.',
    );
    expect(screen.getByLabelText(/Copy of your ID card/)).not.toHaveAttribute('disabled');
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10001');
    expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveValue('sale');
  });

  it('refuses an oversize file before sending it', async () => {
    const { start, api } = setup();
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await u.type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/10001');
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/uploads/limits')).toBe(true));
    await u.upload(
      screen.getByLabelText(/Copy of your ID card/),
      new File([new Uint8Array(1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('The file is larger than 1 MB.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/uploads' && c.method === 'POST')).toBe(false);
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10001');
  });

  it('removes an uploaded file with its Remove button', async () => {
    const { start } = setup();
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await fillDetails(u);
    await u.click(screen.getByRole('button', { name: 'Remove Copy of your ID card' }));
    expect(screen.queryByText('id-card.png')).toBeNull();
    expect(screen.getByLabelText(/Copy of your ID card/)).toHaveAttribute('type', 'file');
  });

  it('keeps what is typed on this device at once, marked unsynced until the server has it', async () => {
    const { start } = setup({
      'PUT /api/drafts/:id': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await renderWizard(start);
    const u = user();
    await toDetails(u);
    await u.type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/1');
    const local = readLocalDraft('test-service', start.draftId);
    expect(local).toMatchObject({ step: 1, dirty: true, values: { lr_number: '209/1' } });
    expect(await screen.findByText('Saved on this device — will sync when back online')).toBeInTheDocument();
  });

  it.each([
    {
      language: 'en' as const,
      next: 'Next',
      kept: 'Saved on this device — will sync when back online',
      saved: 'Saved',
    },
    {
      language: 'sw' as const,
      next: 'Endelea',
      kept: 'Imehifadhiwa kwenye kifaa hiki — itatumwa mtandao ukirejea',
      saved: 'Imehifadhiwa',
    },
  ])(
    '($language) typed while offline: kept on the device, said so in a live region, sent as the draft when the connection returns',
    async ({ language, next, kept, saved }) => {
      let online = false;
      const { api, start } = setup({
        'PUT /api/drafts/:id': ({ body }) =>
          online
            ? jsonResponse(200, { id: start.draftId, ...(body as object) })
            : Promise.reject(new TypeError('Failed to fetch')),
      });
      await renderWizard(start, language);
      const u = user();
      await u.click(screen.getByRole('button', { name: next }));
      await screen.findByRole('heading', { level: 2, name: 'Details' });
      await u.type(screen.getAllByRole('textbox')[0]!, '209/10001');
      // Kept at once; the save to the server fails after the pause in typing, and the page says so.
      expect(readLocalDraft('test-service', start.draftId)).toMatchObject({
        dirty: true,
        values: { lr_number: '209/10001' },
      });
      const status = await screen.findByText(kept, {}, { timeout: 5000 });
      expect(status).toHaveAttribute('aria-live', 'polite');
      // The connection returns: the answers go to the server as the draft, nothing lost.
      online = true;
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(status).toHaveTextContent(new RegExp(`^${saved}$`)));
      const sent = api.calls.filter((call) => call.method === 'PUT').at(-1);
      expect(sent?.url).toBe(`/api/drafts/${start.draftId}`);
      expect(sent?.body).toMatchObject({
        service_id: 'test-service',
        step: 1,
        values: { lr_number: '209/10001' },
      });
      expect(readLocalDraft('test-service', start.draftId)?.dirty).toBe(false);
    },
  );

  it('starts a resumed draft on its step with its values and files', async () => {
    const start: StartingPoint = {
      draftId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      resumed: true,
      step: 1,
      values: { lr_number: '209/10002', purpose: 'sale', idCard: UPLOAD_ID },
      files: { idCard: { name: 'my-id.pdf', size: 5000, content_type: 'application/pdf' } },
      unsynced: false,
    };
    setup({}, start);
    await renderWizard(start);
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10002');
    expect(screen.getByText('my-id.pdf')).toBeInTheDocument();
    expect(screen.getByText('5 KB')).toBeInTheDocument();
  });

  it('speaks Kiswahili, with the spec messages translated', async () => {
    const { start } = setup();
    await renderWizard(start, 'sw');
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Endelea' }));
    await screen.findByText('Hatua 2 kati ya 3');
    await u.click(screen.getByRole('button', { name: 'Endelea' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Kuna tatizo' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Tafadhali weka nambari ya ardhi / kiwanja chako');
    expect(summary).toHaveTextContent('Tafadhali pakia nakala ya kitambulisho chako');
  });
});
