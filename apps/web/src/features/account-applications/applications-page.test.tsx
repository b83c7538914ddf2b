import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ApplicationsPage } from './applications-page';

// The answer form's fields come from the service's own definition file, loaded beside the
// application's detail (service-definitions.ts), not from the whole catalogue.
vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

function application(no: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    application_no: no,
    service_id: 'land-transfer',
    service_title: 'Land Owner Amendment',
    route: '/land-transfer',
    status,
    reference: '209/10001',
    values: {},
    fee_cents: 0,
    bill_no: null,
    produces: null,
    document: null,
    created_at: '2026-11-22T10:00:00.000+03:00',
    updated_at: '2026-11-22T10:00:00.000+03:00',
    ...extra,
  };
}

const list = [
  application('LND-2026-000124', 'awaiting_payment', {
    service_id: 'land-survey',
    service_title: 'Land Survey',
    fee_cents: 1_000_000,
    bill_no: 'NCCB40213378',
  }),
  application('LND-2026-000123', 'under_review'),
];

const detail = {
  ...list[1],
  bill: null,
  history: [
    {
      from_status: null,
      to_status: 'submitted',
      at: '2026-11-22T10:00:00.000+03:00',
      actor: 'user',
      note: null,
    },
    {
      from_status: 'submitted',
      to_status: 'under_review',
      at: '2026-11-22T10:00:01.000+03:00',
      actor: 'system',
      note: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ApplicationsPage', () => {
  it('lists the applications with number, service, readable status and date', async () => {
    stubApi({ 'GET /api/applications': () => jsonResponse(200, { data: list }) });
    await renderWithApp(<ApplicationsPage />);
    const items = within(await screen.findByRole('list', { name: 'Service applications' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Land Survey');
    expect(items[0]).toHaveTextContent('Awaiting payment');
    expect(items[0]).toHaveTextContent('KES 10,000.00');
    expect(within(items[0]!).getByRole('link', { name: 'Pay the fee LND-2026-000124' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB40213378',
    );
    expect(items[1]).toHaveTextContent('LND-2026-000123');
    expect(items[1]).toHaveTextContent('Under review');
    expect(items[1]).toHaveTextContent('22nd November 2026, 10:00');
  });

  it('opens an application to its status history', async () => {
    const api = stubApi({
      'GET /api/applications': () => jsonResponse(200, { data: list }),
      'GET /api/applications/:no': () => jsonResponse(200, detail),
    });
    await renderWithApp(<ApplicationsPage />);
    const button = await screen.findByRole('button', { name: 'Show history LND-2026-000123' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const history = await screen.findByRole('list', { name: 'Status history of LND-2026-000123' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Submitted22nd November 2026, 10:00by you',
      'Under review22nd November 2026, 10:00by the portal',
    ]);
    expect(api.calls.map((c) => c.url)).toContain('/api/applications/LND-2026-000123');
  });

  it('shows the comments with the officers and sends one, keeping the text when it is refused', async () => {
    const comments = [
      {
        id: 'c1',
        author: 'officer',
        author_name: 'Achieng Otieno (county officer)',
        body: 'Which side of the building?',
        created_at: '2026-11-23T09:00:00.000+03:00',
      },
    ];
    let refuse = true;
    const api = stubApi({
      'GET /api/applications': () => jsonResponse(200, { data: list }),
      'GET /api/applications/:no': () => jsonResponse(200, detail),
      'GET /api/applications/:no/comments': () => jsonResponse(200, { data: comments }),
      'POST /api/applications/:no/comments': () => {
        if (refuse) {
          refuse = false;
          return jsonResponse(429, {
            message: 'Too many requests. Please try again in 3 minutes.',
            code: 'rate_limited',
          });
        }
        comments.push({
          ...comments[0]!,
          id: 'c2',
          author: 'applicant',
          author_name: 'Wanjiku Kamau',
          body: 'The Kenyatta Avenue side.',
        });
        return jsonResponse(201, comments[1]);
      },
    });
    await renderWithApp(<ApplicationsPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Show history LND-2026-000123' }));
    const thread = await screen.findByRole('region', { name: 'Comments' });
    expect(within(thread).getByText('Which side of the building?')).toBeVisible();
    expect(thread).toHaveTextContent('County officer · Achieng Otieno (county officer)');
    const box = within(thread).getByRole('textbox', { name: /Your comment to the county officers/ });
    await u.click(within(thread).getByRole('button', { name: 'Send comment' }));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Please write your comment'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await u.type(box, 'The Kenyatta Avenue side.');
    await u.click(within(thread).getByRole('button', { name: 'Send comment' }));
    await vi.waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        expect.stringContaining('Too many requests. Please try again in 3 minutes.'),
      ),
    );
    expect(box).toHaveValue('The Kenyatta Avenue side.');
    await u.click(within(thread).getByRole('button', { name: 'Send comment' }));
    await vi.waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(box).toHaveValue('');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { body: 'The Kenyatta Avenue side.' },
      { body: 'The Kenyatta Avenue side.' },
    ]);
  });

  it("shows the officer's request and sends the answer: only what changed, with a note", async () => {
    const asked = {
      ...application('LND-2026-000125', 'needs_info', {
        service_id: 'land-survey',
        service_title: 'Land Survey',
        values: { lr_number: '209/10001', purpose: 'Boundary dispute' },
      }),
      bill: null,
      history: [
        ...detail.history,
        {
          from_status: 'under_review',
          to_status: 'needs_info',
          at: '2026-11-23T09:00:00.000+03:00',
          actor: 'staff',
          note: 'Please describe the dispute in more detail.',
        },
      ],
    };
    const api = stubApi({
      'GET /api/applications': () => jsonResponse(200, { data: [asked] }),
      'GET /api/applications/:no': () => jsonResponse(200, asked),
      'POST /api/applications/:no/answer': () => jsonResponse(200, { ...asked, status: 'under_review' }),
    });
    await renderWithApp(<ApplicationsPage />);
    expect(await screen.findByText('Please describe the dispute in more detail.')).toBeInTheDocument();
    const user = userEvent.setup();
    const purpose = screen.getByLabelText('What is the survey for?');
    expect(purpose).toHaveValue('Boundary dispute');
    await user.clear(purpose);
    await user.type(purpose, 'A boundary dispute over the fence on the north side');
    await user.type(screen.getByLabelText('Your note to the officer (optional)'), 'Details added.');
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Your answer has been sent')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url.endsWith('/answer'));
    expect(sent?.body).toEqual({
      values: { purpose: 'A boundary dispute over the fence on the north side' },
      message: 'Details added.',
    });
  });

  it("says so when the service's fields cannot be loaded for the answer", async () => {
    const asked = {
      ...application('LND-2026-000127', 'needs_info', {
        service_id: 'land-survey',
        service_title: 'Land Survey',
      }),
      bill: null,
      history: detail.history,
    };
    stubApi({
      'GET /api/applications': () => jsonResponse(200, { data: [asked] }),
      'GET /api/applications/:no': () => jsonResponse(200, asked),
    });
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('timeout', undefined, new Error('slow')));
    await renderWithApp(<ApplicationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Part of the portal took too long to load (load error: timeout). Your connection may be slow. Check it and reload the page.',
    );
    expect(screen.queryByRole('button', { name: 'Send my answer' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Land Survey' })).toBeVisible();
  });

  it('keeps what was typed and names the field when the answer is refused', async () => {
    const asked = {
      ...application('LND-2026-000126', 'needs_info', {
        service_id: 'land-survey',
        values: { lr_number: '209/10001', purpose: 'x' },
      }),
      bill: null,
      history: [
        {
          from_status: 'under_review',
          to_status: 'needs_info',
          at: '2026-11-23T09:00:00.000+03:00',
          actor: 'staff',
          note: 'More detail please.',
        },
      ],
    };
    stubApi({
      'GET /api/applications': () => jsonResponse(200, { data: [asked] }),
      'GET /api/applications/:no': () => jsonResponse(200, asked),
      'POST /api/applications/:no/answer': () =>
        jsonResponse(400, {
          message: 'Please tell us what the survey is for',
          code: 'validation_failed',
          details: [{ path: 'purpose', message: 'Please tell us what the survey is for' }],
        }),
    });
    await renderWithApp(<ApplicationsPage />);
    const user = userEvent.setup();
    const purpose = await screen.findByLabelText('What is the survey for?');
    await user.clear(purpose);
    await user.type(screen.getByLabelText('Your note to the officer (optional)'), 'Cleared it');
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(
      await screen.findByRole('link', { name: 'Please tell us what the survey is for' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your note to the officer (optional)')).toHaveValue('Cleared it');
    expect(screen.getByLabelText('What is the survey for?')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers the issued document and its E-Verify check', async () => {
    const issued = application('LND-2026-000127', 'issued', {
      document: {
        id: 'abcDEF123456',
        number: 'LND-2026-000127',
        status: 'issued',
        pdf_url: 'http://localhost:3000/api/documents/abcDEF123456/pdf',
        print_url: null,
        url: 'http://localhost:3000/e-verify?code=xyz',
      },
    });
    stubApi({ 'GET /api/applications': () => jsonResponse(200, { data: [issued] }) });
    await renderWithApp(<ApplicationsPage />);
    expect(
      await screen.findByRole('link', { name: 'Download the document LND-2026-000127' }),
      // In the reader's language: a link carries no Accept-Language (decision 025).
    ).toHaveAttribute('href', 'http://localhost:3000/api/documents/abcDEF123456/pdf?lang=en');
    expect(screen.getByRole('link', { name: 'Check it on E-Verify LND-2026-000127' })).toBeInTheDocument();
  });

  it('says when there is none, with a link to the services', async () => {
    stubApi({ 'GET /api/applications': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<ApplicationsPage />);
    expect(await screen.findByText('You have not applied for any service yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See the county's services" })).toBeInTheDocument();
  });
});
