import type { ToiletFault } from '@kaunti/contract/api-toilets';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ToiletFaultsPage } from './toilet-faults-page';

const fault: ToiletFault = {
  id: '6f1c2f7e-2b1a-4c8e-9a51-0f3c2a1d9b77',
  toilet_id: 'T001',
  toilet_name: 'Kencom public toilet',
  kind: 'no_water',
  note: 'No water in the taps since morning',
  status: 'open',
  reported_at: '2026-11-29T06:30:00.000Z',
  closed_at: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('ToiletFaultsPage', () => {
  it('lists the open faults; closing one sends it, announces it and the list no longer has it', async () => {
    let list = [fault];
    const api = stubApi({
      'GET /api/staff/public-toilets/faults': () => jsonResponse(200, { data: list }),
      'POST /api/staff/public-toilets/faults/:id/close': () => {
        list = [];
        return jsonResponse(200, { ...fault, status: 'closed', closed_at: '2026-11-29T09:00:00.000Z' });
      },
    });
    await renderWithApp(<ToiletFaultsPage />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Kencom public toilet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No water')).toBeInTheDocument();
    expect(screen.getByText('No water in the taps since morning')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Close the fault at Kencom public toilet' }));
    expect(api.calls.find((c) => c.method === 'POST')?.url).toContain(
      `/api/staff/public-toilets/faults/${fault.id}/close`,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The fault at Kencom public toilet is closed.',
    );
    expect(
      await screen.findByText('No fault is open. Reports from the public show here.'),
    ).toBeInTheDocument();
  });

  it("in Kiswahili, with the server's refusal in words", async () => {
    stubApi({
      'GET /api/staff/public-toilets/faults': () => jsonResponse(200, { data: [fault] }),
      'POST /api/staff/public-toilets/faults/:id/close': () =>
        jsonResponse(409, { message: 'This fault is closed already.', code: 'conflict' }),
    });
    await renderWithApp(<ToiletFaultsPage />, { language: 'sw' });
    expect(await screen.findByText('Hakuna maji')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Funga hitilafu ya Kencom public toilet' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
