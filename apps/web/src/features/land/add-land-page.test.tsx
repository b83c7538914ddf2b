import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { AddLandPage } from './add-land-page';

const parcel = {
  lr_number: '209/10005',
  sub_county_code: '285',
  sub_county_name: 'Embakasi East',
  ward_code: '1405',
  ward_name: 'Utawala',
  land_use_code: 'RES',
  land_use: 'Residential',
  area_sq_ft: 5445,
  area_hectares: '0.0506',
  site_value_cents: 360_000_000,
  annual_rates_cents: 414_000,
  arrears_cents: 828_000,
  owner_name: 'K***** K******* L*****',
  linked_to_me: false,
};

function setup(handlers: ApiHandlers) {
  const api = stubApi({
    'GET /api/lands/land_r/customer_parcels': () => jsonResponse(200, { data: [] }),
    'GET /api/lands/parcel_claims': () => jsonResponse(200, { data: [] }),
    'GET /api/lands/parcel_validation': () => jsonResponse(200, parcel),
    ...handlers,
  });
  return api;
}

async function check(lr: string) {
  const u = userEvent.setup();
  await u.type(screen.getByRole('textbox', { name: /LR number/ }), lr);
  await u.click(screen.getByRole('button', { name: 'Check the parcel' }));
  return u;
}

afterEach(() => vi.unstubAllGlobals());

describe('AddLandPage', () => {
  it('validates the parcel, shows its details, and links it on confirmation', async () => {
    let linked = false;
    const api = setup({
      'POST /api/lands/land_r/LinkLandParceltoCustomer': () => {
        linked = true;
        return jsonResponse(200, {
          success: true,
          message: 'Parcel 209/10005 has been added to your account.',
          parcel: { ...parcel, linked_to_me: true },
        });
      },
      'GET /api/lands/land_r/customer_parcels': () =>
        jsonResponse(200, { data: linked ? [{ ...parcel, linked_to_me: true }] : [] }),
    });
    await renderWithApp(<AddLandPage />);
    expect(await screen.findByText('No parcel is linked to your account yet.')).toBeInTheDocument();
    const u = await check('209/10005');

    expect(await screen.findByRole('heading', { name: 'Parcel 209/10005' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url.startsWith('/api/lands/parcel_validation'))?.url).toBe(
      '/api/lands/parcel_validation?lr_number=209%2F10005',
    );
    expect(screen.getByText('Utawala')).toBeInTheDocument();
    expect(screen.getByText('K***** K******* L*****')).toBeInTheDocument();
    expect(screen.getByText('KES 4,140.00')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add this parcel to my account' }));

    expect(await screen.findByText('Parcel 209/10005 has been added to your account.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ lr_number: '209/10005' });
    expect(await screen.findByRole('link', { name: 'Get its land rates bill (209/10005)' })).toHaveAttribute(
      'href',
      '/land-rates-bill?lr=209%2F10005',
    );
  });

  it('says when the parcel is unknown', async () => {
    setup({
      'GET /api/lands/parcel_validation': () =>
        jsonResponse(404, {
          message:
            'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
          code: 'not_found',
        }),
    });
    await renderWithApp(<AddLandPage />);
    await check('209/99999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
    );
  });

  it('says, as information, that a request for a parcel registered to someone else became a claim, and lists it', async () => {
    const message =
      'Your ID number or KRA PIN does not match the registered owner of parcel 209/10005. We have recorded your ownership claim: county lands staff will review it, and you can follow it under Your parcels.';
    const claim = {
      id: '8f0f6c1e-1c1e-4a7e-9a51-3f1f3f2b9c11',
      lr_number: '209/10005',
      status: 'pending',
      created_at: '2026-11-24T10:00:00.000+03:00',
      decided_at: null,
      decision_reason: null,
    };
    let claimed = false;
    setup({
      'POST /api/lands/land_r/LinkLandParceltoCustomer': () => {
        claimed = true;
        return jsonResponse(202, { success: false, message, claim });
      },
      'GET /api/lands/parcel_claims': () => jsonResponse(200, { data: claimed ? [claim] : [] }),
    });
    await renderWithApp(<AddLandPage />);
    const u = await check('209/10005');
    await u.click(await screen.findByRole('button', { name: 'Add this parcel to my account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your ownership claims' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for county lands staff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add this parcel to my account' })).toBeNull();
  });

  it('says when the parcel is already linked to this account, without offering to add it', async () => {
    setup({ 'GET /api/lands/parcel_validation': () => jsonResponse(200, { ...parcel, linked_to_me: true }) });
    await renderWithApp(<AddLandPage />);
    await check('209/10005');
    expect(
      await screen.findByText('Parcel 209/10005 is already linked to your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add this parcel to my account' })).toBeNull();
  });

  it('treats an answer without the success flag as an error, even on HTTP 200', async () => {
    setup({
      'POST /api/lands/land_r/LinkLandParceltoCustomer': () => jsonResponse(200, { message: 'Link pending' }),
    });
    await renderWithApp(<AddLandPage />);
    const u = await check('209/10005');
    await u.click(await screen.findByRole('button', { name: 'Add this parcel to my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link pending');
    expect(screen.queryByText(/has been added/)).toBeNull();
  });

  it('treats an empty 200 answer as an error with the fallback message', async () => {
    setup({ 'POST /api/lands/land_r/LinkLandParceltoCustomer': () => jsonResponse(200, { success: false }) });
    await renderWithApp(<AddLandPage />);
    const u = await check('209/10005');
    await u.click(await screen.findByRole('button', { name: 'Add this parcel to my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We are unable to process your request right now. Please try again later.',
    );
  });
});
