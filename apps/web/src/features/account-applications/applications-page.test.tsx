import { servicesOf } from '@kaunti/catalogue/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sw from '../../locales/sw/applications.json';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ApplicationsPage } from './applications-page';

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

  it('says when there is none, with a link to the services', async () => {
    stubApi({ 'GET /api/applications': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<ApplicationsPage />);
    expect(await screen.findByText('You have not applied for any service yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See the county's services" })).toBeInTheDocument();
  });

  it('names every land service in Kiswahili', () => {
    for (const service of servicesOf('land')) {
      expect(sw.services[service.id as keyof typeof sw.services], service.id).toBeTruthy();
    }
  });
});
