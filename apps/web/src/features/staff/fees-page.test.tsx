import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { centsOf, FeesPage } from './fees-page';

afterEach(() => vi.unstubAllGlobals());

const officer = (permissions: string[], id = '7d0c8a52-6f1e-4a57-9a63-0c1f4e5b2a10') => ({
  id,
  name: 'Achieng Otieno',
  phone_number: '254700000104',
  staff_no: 'NCC/0104',
  roles: ['admin'],
  areas: ['*'],
  permissions,
  active: true,
  must_set_password: false,
});

const fumigation = {
  schedule: 'pest-control',
  item: 'FUM',
  description: 'Pest control certificate: fumigation of premises',
  description_sw: 'Cheti cha udhibiti wa wadudu: ufukizaji wa majengo',
  amount_cents: 300_000,
  effective_from: '2023-07-01',
  source: 'seed',
  in_force: true,
};

const change = {
  id: '2f7d4c1e-8a9b-4c3d-9e2f-1a2b3c4d5e6f',
  schedule: 'pest-control',
  item: 'FUM',
  description: fumigation.description,
  description_sw: fumigation.description_sw,
  effective_from: '2027-01-01',
  amount_cents: 350_000,
  previous_cents: 300_000,
  reason: 'Finance Act 2027',
  status: 'proposed',
  proposed_by: 'Njeri Wambui',
  proposed_by_me: false,
  decided_by: null,
  decided_at: null,
  decision_note: null,
  created_at: '2026-11-29T10:00:00.000Z',
};

describe('amounts typed in shillings', () => {
  it.each([
    ['3500', 350_000],
    ['3,500.50', 350_050],
    ['KES 12.5', 1_250],
    ['12.345', null],
    ['abc', null],
    ['', null],
  ])('%s is %s cents', (text, cents) => expect(centsOf(text)).toBe(cents));
});

describe('FeesPage', () => {
  it('lets an administrator propose a new amount from a later day, refusing a missing reason first', async () => {
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, officer(['fees.propose', 'fees.confirm'])),
      'GET /api/staff/fees': () => jsonResponse(200, { data: [fumigation] }),
      'GET /api/staff/fees/changes': () => jsonResponse(200, { data: [] }),
      'POST /api/staff/fees/changes': ({ body }) =>
        jsonResponse(201, { ...change, ...(body as object), proposed_by_me: true }),
    });
    await renderWithApp(<FeesPage />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Propose a new amount Pest control certificate: fumigation of premises',
      }),
    );
    const heading = await screen.findByRole('heading', {
      name: 'New amount: Pest control certificate: fumigation of premises',
    });
    expect(heading).toHaveFocus();
    await user.type(screen.getByLabelText(/New amount \(KES\)/), '3,500');
    fireEvent.change(screen.getByLabelText(/First day/), { target: { value: '2099-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Propose the change' }));
    expect(await screen.findByText('Give the reason (at least 3 characters)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays.
    expect(screen.getByLabelText(/New amount \(KES\)/)).toHaveValue('3,500');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(/^Reason/), 'Finance Act 2027');
    await user.click(screen.getByRole('button', { name: 'Propose the change' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        schedule: 'pest-control',
        item: 'FUM',
        effective_from: '2099-01-01',
        amount_cents: 350_000,
        reason: 'Finance Act 2027',
      }),
    );
  });

  it('lets a second officer confirm a waiting change and says so; a revenue officer proposes nothing', async () => {
    let waiting = [change];
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, officer(['fees.confirm'])),
      'GET /api/staff/fees': () => jsonResponse(200, { data: [fumigation] }),
      'GET /api/staff/fees/changes': () => jsonResponse(200, { data: waiting }),
      'POST /api/staff/fees/changes/:id/confirm': () => {
        waiting = [];
        return jsonResponse(200, { ...change, status: 'confirmed' });
      },
    });
    await renderWithApp(<FeesPage />);
    expect(await screen.findByText(/^KES 3,500\.00 · from .*January 2027$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Propose a new amount/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', {
        name: 'Confirm the change Pest control certificate: fumigation of premises',
      }),
    );
    expect(
      await screen.findByText('Confirmed: Pest control certificate: fumigation of premises'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${change.id}/confirm`))).toBe(true);
    expect(await screen.findByText('No fee change is waiting.')).toBeInTheDocument();
  });

  it('shows every page of the changes waiting (decision 038): the second page after the first', async () => {
    const later = {
      ...change,
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      item: 'RAT',
      description: 'Pest control certificate: rodent control',
    };
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, officer(['fees.confirm'])),
      'GET /api/staff/fees': () => jsonResponse(200, { data: [fumigation] }),
      'GET /api/staff/fees/changes': ({ url }) =>
        url.includes('cursor=page-2')
          ? jsonResponse(200, { data: [change], next_cursor: null })
          : jsonResponse(200, { data: [later], next_cursor: 'page-2' }),
    });
    await renderWithApp(<FeesPage />);
    expect(
      await screen.findByRole('heading', { name: 'Pest control certificate: rodent control' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Pest control certificate: fumigation of premises' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/staff/fees/changes')).map((c) => c.url)).toEqual([
      '/api/staff/fees/changes?status=proposed&limit=500',
      '/api/staff/fees/changes?status=proposed&limit=500&cursor=page-2',
    ]);
  });

  it('offers its proposer only to withdraw it, and reads in Kiswahili', async () => {
    stubApi({
      'GET /api/staff/me': () => jsonResponse(200, officer(['fees.propose', 'fees.confirm'])),
      'GET /api/staff/fees': () => jsonResponse(200, { data: [fumigation] }),
      'GET /api/staff/fees/changes': () => jsonResponse(200, { data: [{ ...change, proposed_by_me: true }] }),
    });
    await renderWithApp(<FeesPage />, { language: 'sw' });
    expect(
      await screen.findByRole('heading', { name: 'Cheti cha udhibiti wa wadudu: ufukizaji wa majengo' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Thibitisha badiliko/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Ondoa/ })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Mabadiliko yanayosubiri afisa wa pili' }),
    ).toBeInTheDocument();
  });
});
