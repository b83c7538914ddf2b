import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { StaffApplicationPage } from './application-page';
import { ClaimsPage } from './claims-page';
import { OfficersPage } from './officers-page';
import { PlateCheckPage } from './plate-check-page';
import { QueuePage } from './queue-page';
import { RevenuePage } from './revenue-page';
import { StaffLayout } from './staff-layout';

afterEach(() => vi.unstubAllGlobals());

const me = {
  id: '7d0c8a52-6f1e-4a57-9a63-0c1f4e5b2a10',
  name: 'Achieng Otieno',
  phone_number: '254700000101',
  staff_no: 'NCC/0101',
  roles: ['reviewer'],
  areas: ['*'],
  permissions: [
    'applications.read',
    'applications.request_info',
    'applications.reject',
    'applications.issue',
  ],
  active: true,
  must_set_password: false,
};

const item = {
  application_no: 'LND-2026-000123',
  service_id: 'land-survey',
  service_title: 'Land Survey',
  area: 'land',
  status: 'under_review',
  reference: '209/10001',
  applicant_name: 'Wanjiku Kamau',
  bill_no: 'NCCB40213378',
  fee_cents: 1_000_000,
  submitted_at: '2026-11-20T10:00:00.000+03:00',
  updated_at: '2026-11-21T10:00:00.000+03:00',
  age_days: 5,
};

const application = {
  application_no: 'LND-2026-000123',
  service_id: 'land-survey',
  service_title: 'Land Survey',
  area: 'land',
  status: 'under_review',
  reference: '209/10001',
  applicant: {
    name: 'Wanjiku Njeri Kamau',
    customer_no: 'NCC-0001001',
    phone_number: '254712345678',
    identifier: '2345678',
  },
  values: [
    {
      name: 'lr_number',
      label: 'Land / parcel number (LR number)',
      kind: 'parcel',
      value: '209/10001',
      display: '209/10001',
      upload: null,
    },
    {
      name: 'proofOfOwnership',
      label: 'Proof of ownership (e.g. title deed)',
      kind: 'file',
      value: 'b157ac14-c42a-4993-a1f3-5f6c8e1f8961',
      display: 'deed.png',
      upload: {
        id: 'b157ac14-c42a-4993-a1f3-5f6c8e1f8961',
        name: 'deed.png',
        content_type: 'image/png',
        url: '/api/staff/applications/LND-2026-000123/uploads/b157ac14-c42a-4993-a1f3-5f6c8e1f8961',
      },
    },
  ],
  bill: null,
  payments: [],
  money: { price_cents: 500_000, paid_cents: 500_000, balance_due_cents: 0, refund_due_cents: 0 },
  history: [
    {
      from_status: null,
      to_status: 'submitted',
      at: '2026-11-20T10:00:00.000+03:00',
      actor: 'user',
      note: null,
      actor_name: 'Wanjiku Kamau',
    },
  ],
  document: null,
  allowed: ['needs_info', 'rejected'],
  submitted_at: '2026-11-20T10:00:00.000+03:00',
};

describe('the back office', () => {
  it('tells someone who is not an officer that this part is for county officers', async () => {
    stubApi({
      'GET /api/staff/me': () =>
        jsonResponse(403, { message: 'Only county officers can do this.', code: 'forbidden' }),
    });
    await renderWithApp(<StaffLayout />);
    expect(await screen.findByText('This part is for county officers')).toBeInTheDocument();
  });

  it('sends an officer with a start password to set their own first', async () => {
    stubApi({ 'GET /api/staff/me': () => jsonResponse(200, { ...me, must_set_password: true }) });
    const { router } = await renderWithApp(
      [
        {
          path: '/staff',
          element: <StaffLayout />,
          children: [
            { index: true, element: <p>Queue</p> },
            { path: 'password', element: <p>Password page</p> },
          ],
        },
      ],
      { path: '/staff' },
    );
    expect(await screen.findByText('Password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/password');
  });

  it('lists the queue oldest first with counts, and a search goes into the address', async () => {
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, me),
      'GET /api/staff/applications': () =>
        jsonResponse(200, {
          data: [item],
          counts: { under_review: 1, needs_info: 2 },
          page: 1,
          per_page: 25,
          total: 1,
        }),
    });
    const { router } = await renderWithApp(<QueuePage />, { path: '/staff' });
    const table = await screen.findByRole('table', { name: '1 application' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'LND-2026-000123' })).toHaveAttribute(
      'href',
      '/staff/applications/LND-2026-000123',
    );
    expect(row).toHaveTextContent('Wanjiku Kamau');
    expect(row).toHaveTextContent('5 days');
    // By default, what waits for the officer (under review, and approved ones to issue): no one status.
    expect(screen.getByRole('button', { name: 'Under review 1' })).toHaveAttribute('aria-pressed', 'false');
    const statusFilter = screen.getByLabelText('Status');
    expect(statusFilter).toHaveDisplayValue('Waiting for me: under review, and approved ones to issue');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find an application'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(router.state.location.search).toBe('?q=0712345678');
    expect(api.calls.at(-1)?.url).toContain('q=0712345678');
    // A search finds applications of every status (as the API does), and the filter says so.
    expect(statusFilter).toHaveDisplayValue('Every status (searching)');
    expect(screen.getByRole('button', { name: 'Under review 1' })).toHaveAttribute('aria-pressed', 'false');
    // The services of the catalogue, narrowed by the chosen area, filter the queue too.
    await user.selectOptions(screen.getByLabelText('Service area'), 'land');
    const service = screen.getByLabelText('Service');
    expect(within(service).getByRole('option', { name: 'Land Survey' })).toBeInTheDocument();
    await user.selectOptions(service, 'land-survey');
    expect(router.state.location.search).toBe('?q=0712345678&area=land&service_id=land-survey');
    await vi.waitFor(() => expect(api.calls.at(-1)?.url).toContain('service_id=land-survey'));
  });

  it("shows the register's owner, rates and land use beside the answers, and what stops the approval", async () => {
    stubApi({
      'GET /api/staff/applications/:no': () =>
        jsonResponse(200, {
          ...application,
          register: {
            facts: [
              { label: 'Registered owner', value: 'Wanjiku Njeri Kamau (2345678)' },
              { label: 'Arrears in the register', value: 'KES 13,000.00' },
              { label: 'Held by the applicant', value: 'No' },
            ],
            problems: ['The rates of parcel 209/10005 are not paid for 2026.'],
          },
        }),
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const register = await screen.findByTestId('register-facts');
    expect(register).toHaveTextContent("In the county's register");
    expect(register).toHaveTextContent('Wanjiku Njeri Kamau (2345678)');
    expect(register).toHaveTextContent('KES 13,000.00');
    expect(register).toHaveTextContent('It cannot be approved while:');
    expect(register).toHaveTextContent('The rates of parcel 209/10005 are not paid for 2026.');
  });

  it('shows the price of the answers beside what was paid, and the balance still due (issue 36 item 1)', async () => {
    stubApi({
      'GET /api/staff/applications/:no': () =>
        jsonResponse(200, {
          ...application,
          status: 'awaiting_payment',
          money: {
            price_cents: 1_500_000,
            paid_cents: 500_000,
            balance_due_cents: 1_000_000,
            refund_due_cents: 0,
          },
        }),
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const money = await screen.findByTestId('application-money');
    expect(money).toHaveTextContent('Price of the answersKES 15,000.00');
    expect(money).toHaveTextContent('Paid towards itKES 5,000.00');
    expect(money).toHaveTextContent('Balance due (not approved or issued until paid)KES 10,000.00');
    expect(money).not.toHaveTextContent('refund');
  });

  it('shows an application and records a decision with its reason; a missing reason is named first', async () => {
    const api = stubApi({
      'GET /api/staff/applications/:no': () => jsonResponse(200, application),
      'POST /api/staff/applications/:no/status': () =>
        jsonResponse(200, { ...application, status: 'needs_info', allowed: [] }),
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    expect(await screen.findByText('Wanjiku Njeri Kamau')).toBeInTheDocument();
    expect(screen.getByText('Land / parcel number (LR number)')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'View Proof of ownership (e.g. title deed)' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Ask the applicant for more information'));
    await user.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect(
      await screen.findByRole('link', {
        name: 'Please give the reason for this decision (at least 3 characters)',
      }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText(/^Reason/), 'The deed scan is unreadable');
    await user.click(screen.getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText('More information asked for')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'needs_info',
      reason: 'The deed scan is unreadable',
    });
  });

  it('asks no reason to approve or to issue: the reason box is there only for more information or a rejection', async () => {
    const api = stubApi({
      'GET /api/staff/applications/:no': () =>
        jsonResponse(200, { ...application, allowed: ['needs_info', 'approved', 'rejected'] }),
      'POST /api/staff/applications/:no/status': () =>
        jsonResponse(200, { ...application, status: 'approved', allowed: [] }),
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Reject'));
    expect(screen.getByLabelText(/^Reason/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Approve'));
    expect(screen.queryByLabelText(/^Reason/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record the decision' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'approved' }),
    );
  });

  it('shows the comments with the applicant and sends one to them', async () => {
    const comments = [
      {
        id: 'c1',
        author: 'applicant',
        author_name: 'Wanjiku Kamau',
        body: 'The bays are on the Kimathi Street side.',
        created_at: '2026-11-23T09:00:00.000+03:00',
      },
    ];
    const api = stubApi({
      'GET /api/staff/applications/:no': () => jsonResponse(200, application),
      'GET /api/staff/me': () => jsonResponse(200, me),
      'GET /api/staff/applications/:no/comments': () => jsonResponse(200, { data: comments }),
      'POST /api/staff/applications/:no/comments': () => {
        comments.push({
          ...comments[0]!,
          id: 'c2',
          author: 'officer',
          author_name: 'Achieng Otieno (county officer)',
          body: 'Marked on Monday.',
        });
        return jsonResponse(201, comments[1]);
      },
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const thread = await screen.findByRole('region', { name: 'Comments with the applicant' });
    expect(await within(thread).findByText('The bays are on the Kimathi Street side.')).toBeVisible();
    expect(thread).toHaveTextContent('Applicant · Wanjiku Kamau');
    const user = userEvent.setup();
    await user.type(
      within(thread).getByRole('textbox', { name: /Your comment to the applicant/ }),
      'Marked on Monday.',
    );
    await user.click(within(thread).getByRole('button', { name: 'Send comment' }));
    await vi.waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/staff/applications/LND-2026-000123/comments', { body: 'Marked on Monday.' }],
    ]);
  });

  it('checks a plate: covered and by what, or not; a plate it cannot read is said beside the box', async () => {
    const api = stubApi({
      'GET /api/parking/status': ({ url }) => {
        const plate = new URL(url, 'http://x').searchParams.get('plate') ?? '';
        if (plate === 'XYZ') {
          const message = 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A';
          return jsonResponse(400, {
            message,
            code: 'validation_failed',
            details: [{ path: 'plate', message }],
          });
        }
        return plate.startsWith('kda')
          ? jsonResponse(200, {
              plate: 'KDA 123A',
              covered: true,
              by: [
                {
                  kind: 'season',
                  ticket_id: 'SPK-2026-000001',
                  zone_code: 'Z1',
                  vehicle_type: null,
                  place: 'Zone I — Central Business District',
                  valid_from: '2026-11-01T09:00:00.000Z',
                  valid_until: '2026-12-01T09:00:00.000Z',
                },
              ],
            })
          : jsonResponse(200, {
              plate: 'KCB 456B',
              covered: false,
              by: [],
              // Not parking: the plate's market cess paid today (issue 41).
              tickets: [
                {
                  service_id: 'market-cess',
                  service_title: 'Market Cess',
                  ticket_no: 'CESS-2026-7QX4MZ2K9P',
                  covers: 'KCB 456B, Wakulima (Marikiti) Market (WAK), Irish potatoes (POT), 40',
                  amount_cents: 240_000,
                  paid_at: '2026-11-29T08:00:00.000Z',
                  valid_until: '2026-11-29T20:59:59.999Z',
                },
              ],
            });
      },
    });
    await renderWithApp(<PlateCheckPage />, { path: '/staff/parking' });
    const u = userEvent.setup();
    const box = screen.getByRole('textbox', { name: /Number plate/ });
    await u.type(box, 'XYZ');
    await u.click(screen.getByRole('button', { name: 'Check the plate' }));
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining('e.g. KDA 123A')));
    expect(box).toHaveValue('XYZ');
    await u.clear(box);
    await u.type(box, 'kda123a');
    await u.click(screen.getByRole('button', { name: 'Check the plate' }));
    const result = await screen.findByRole('region', { name: /KDA 123A/ });
    expect(result).toHaveTextContent('Covered');
    expect(result).toHaveTextContent('Seasonal ticket · SPK-2026-000001');
    expect(result).toHaveTextContent('Zone I — Central Business District');
    await u.clear(box);
    await u.type(box, 'KCB456B');
    await u.click(screen.getByRole('button', { name: 'Check the plate' }));
    const uncovered = await screen.findByRole('region', { name: /KCB 456B/ });
    expect(uncovered).toHaveTextContent('Not covered');
    expect(within(uncovered).getByTestId('plate-tickets')).toHaveTextContent(
      'Market Cess · CESS-2026-7QX4MZ2K9P',
    );
    expect(uncovered).toHaveTextContent('Wakulima (Marikiti) Market');
    expect(api.calls.map((c) => c.url)).toContain('/api/parking/status?plate=kda123a');
  });

  it('starts an enforcement officer, who may not read the queue, at the plate check', async () => {
    stubApi({
      'GET /api/staff/me': () =>
        jsonResponse(200, {
          ...me,
          roles: ['enforcement'],
          permissions: ['documents.read', 'parking.check'],
        }),
    });
    const { router } = await renderWithApp(
      [
        {
          path: '/staff',
          element: <StaffLayout />,
          children: [
            { index: true, element: <p>Queue</p> },
            { path: 'parking', element: <p>Plate check page</p> },
          ],
        },
      ],
      { path: '/staff' },
    );
    expect(await screen.findByText('Plate check page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/parking');
    expect(screen.getByRole('link', { name: 'Plate check' })).toHaveAttribute('href', '/staff/parking');
  });

  it('decides a parcel claim with a reason, and says why when the server refuses', async () => {
    const claim = {
      id: '5b0d6e0c-1f7a-4f2e-9a51-3e2a9c1d7b44',
      lr_number: '209/10017',
      status: 'pending',
      created_at: '2026-11-24T09:00:00.000+03:00',
      decided_at: null,
      decision_reason: null,
      claimant_name: 'Otieno Odhiambo',
      claimant_phone: '254722334455',
      claimant_identifier: 'A004416331M',
      registered_owner_name: 'Wanjiku Njeri Kamau',
      registered_owner_identifier: '2345678',
      linked_to_account: false,
      recommended_by: null,
      recommended_by_name: null,
      recommendation_reason: null,
    };
    let refuse = true;
    const api = stubApi({
      'GET /api/staff/parcel-claims': () => jsonResponse(200, { data: [claim] }),
      'POST /api/staff/parcel-claims/:id/decision': () =>
        refuse
          ? jsonResponse(400, {
              message: 'Please give the reason for the decision',
              code: 'validation_failed',
            })
          : jsonResponse(200, { ...claim, status: 'rejected' }),
    });
    await renderWithApp(<ClaimsPage />);
    expect(await screen.findByRole('heading', { name: 'Parcel 209/10017' })).toBeInTheDocument();
    expect(screen.getByText('Wanjiku Njeri Kamau · 2345678')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject 209/10017' }));
    expect(await screen.findByText('Please give the reason for the decision')).toBeInTheDocument();
    refuse = false;
    await user.type(
      screen.getByLabelText('Reason (the claimant sees it)'),
      'The sale agreement names another seller',
    );
    await user.click(screen.getByRole('button', { name: 'Reject 209/10017' }));
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
        decision: 'rejected',
        reason: 'The sale agreement names another seller',
      }),
    );
  });

  it('lets a second land officer accept a recommended claim, and not the one who recommended it', async () => {
    const claim = {
      id: '5b0d6e0c-1f7a-4f2e-9a51-3e2a9c1d7b45',
      lr_number: '209/10019',
      status: 'recommended',
      created_at: '2026-11-24T09:00:00.000+03:00',
      decided_at: null,
      decision_reason: null,
      claimant_name: 'Otieno Odhiambo',
      claimant_phone: '254722334455',
      claimant_identifier: 'A004416331M',
      registered_owner_name: 'Wanjiku Njeri Kamau',
      registered_owner_identifier: '2345678',
      linked_to_account: false,
      recommended_by: '0b1c2d3e-4f50-4617-8899-aabbccddeeff',
      recommended_by_name: 'Grace Achieng',
      recommendation_reason: 'Sale agreement seen',
    };
    let meId = 'ffffffff-4f50-4617-8899-aabbccddeeff';
    stubApi({
      'GET /api/staff/parcel-claims': () => jsonResponse(200, { data: [claim] }),
      'GET /api/staff/me': () =>
        jsonResponse(200, {
          id: meId,
          name: 'Second Officer',
          phone_number: '254700000102',
          staff_no: null,
          roles: ['approver'],
          areas: ['land'],
          permissions: ['claims.decide'],
          active: true,
          must_set_password: false,
        }),
    });
    const first = await renderWithApp(<ClaimsPage />);
    expect(await screen.findByText('Grace Achieng · Sale agreement seen')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Accept: link the parcel 209/10019' }),
    ).toBeInTheDocument();
    first.unmount();
    meId = claim.recommended_by;
    await renderWithApp(<ClaimsPage />);
    expect(
      await screen.findByText('You recommended accepting it: another land officer decides now.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject 209/10019' })).toBeInTheDocument();
  });

  it('shows business officers the claims to act for a business, and lets them recommend one (issue 36 item 6)', async () => {
    const claim = {
      id: '6c1e7f1d-2a8b-4c3f-8b62-4f3b0d2e8c56',
      kra_pin: 'P066600066S',
      business_name: 'Kariakor Leather Works',
      status: 'pending',
      application_no: null,
      created_at: '2026-11-24T09:00:00.000+03:00',
      decided_at: null,
      decision_reason: null,
      claimant_name: 'Halima Abdi',
      claimant_phone: '254722334466',
      claimant_identifier: '30111222',
      in_register: false,
      holder_name: 'Wafula Chebet',
      recommended_by: null,
      recommended_by_name: null,
      recommendation_reason: null,
    };
    const api = stubApi({
      'GET /api/staff/parcel-claims': () =>
        jsonResponse(403, { message: 'Parcel claims are decided by land officers.', code: 'forbidden' }),
      'GET /api/staff/business-claims': () => jsonResponse(200, { data: [claim] }),
      'POST /api/staff/business-claims/:id/decision': () =>
        jsonResponse(200, { ...claim, status: 'recommended' }),
      'GET /api/staff/me': () =>
        jsonResponse(200, {
          id: 'ffffffff-4f50-4617-8899-aabbccddeeff',
          name: 'Business Officer',
          phone_number: '254700000102',
          staff_no: null,
          roles: ['approver'],
          areas: ['business'],
          permissions: ['claims.decide'],
          active: true,
          must_set_password: false,
        }),
    });
    await renderWithApp(<ClaimsPage />);
    expect(
      await screen.findByRole('heading', { name: 'Kariakor Leather Works (KRA PIN P066600066S)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Wafula Chebet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText('Reason (the claimant sees it)'),
      'Certificate of registration seen',
    );
    await user.click(screen.getByRole('button', { name: 'Recommend accepting P066600066S' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/staff/business-claims/6c1e7f1d-2a8b-4c3f-8b62-4f3b0d2e8c56/decision',
        body: { decision: 'accepted', reason: 'Certificate of registration seen' },
      }),
    );
  });

  it("shows the bill and payment states in words, and the issued document's printable page, PDF and E-Verify", async () => {
    stubApi({
      'GET /api/staff/applications/:no': () =>
        jsonResponse(200, {
          ...application,
          status: 'issued',
          allowed: [],
          bill: {
            bill_no: 'NCCB40213378',
            status: 'paid',
            total_cents: 1_000_000,
            paid_cents: 1_000_000,
          },
          payments: [
            {
              payment_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
              status: 'paid',
              method: 'mpesa_stk',
              amount_cents: 1_000_000,
              mpesa_receipt_number: 'TKL8XQ2M4P',
              created_at: '2026-11-20T10:05:00.000+03:00',
            },
          ],
          document: {
            id: 'AbCdEf123456',
            number: 'LND-2026-000123',
            status: 'issued',
            pdf_url: 'https://eservices.test.go.ke/api/documents/AbCdEf123456/pdf',
            print_url: 'https://eservices.test.go.ke/downloads/official-letter?id=AbCdEf123456',
            url: 'https://eservices.test.go.ke/e-verify?code=x.y.z',
          },
        }),
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const money = (await screen.findByRole('heading', { name: 'Bill and payments' })).closest('section')!;
    expect(money).toHaveTextContent('Paid');
    expect(money).not.toHaveTextContent(/\bpaid\b/);
    expect(within(money).getByRole('list', { name: 'Payments' })).toHaveTextContent(
      'M-Pesa (prompt on phone) · Paid · TKL8XQ2M4P',
    );
    const document = screen.getByRole('heading', { name: 'Issued document' }).closest('section')!;
    expect(document).toHaveTextContent('LND-2026-000123 · Issued, valid');
    expect(within(document).getByRole('link', { name: 'Open the printable document' })).toHaveAttribute(
      'href',
      'https://eservices.test.go.ke/downloads/official-letter?id=AbCdEf123456',
    );
    expect(within(document).getByRole('link', { name: 'The PDF' })).toHaveAttribute(
      'href',
      'https://eservices.test.go.ke/api/documents/AbCdEf123456/pdf',
    );
  });

  it("changes an officer's roles and areas (not the administrator's own)", async () => {
    const admin = {
      ...me,
      id: 'a1e2c3d4-0000-4000-8000-000000000104',
      roles: ['administrator'],
      name: 'Admin One',
    };
    const reviewer = {
      id: '7d0c8a52-6f1e-4a57-9a63-0c1f4e5b2a10',
      name: 'Achieng Otieno',
      phone_number: '254700000101',
      identifier: '12345678',
      email: 'achieng@nairobi.go.ke',
      staff_no: 'NCC/0101',
      roles: ['reviewer'],
      areas: ['*'],
      active: true,
      must_set_password: false,
    };
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, admin),
      'GET /api/staff/officers': () =>
        jsonResponse(200, { data: [{ ...reviewer }, { ...reviewer, ...admin }] }),
      'PATCH /api/staff/officers/:id': ({ body }) => jsonResponse(200, { ...reviewer, ...(body as object) }),
    });
    await renderWithApp(<OfficersPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change roles and areas Achieng Otieno' }));
    expect(screen.queryByRole('button', { name: 'Change roles and areas Admin One' })).toBeNull();
    const form = screen
      .getByRole('heading', { name: 'Roles and service areas of Achieng Otieno' })
      .closest('section')!;
    expect(screen.getByRole('heading', { name: 'Roles and service areas of Achieng Otieno' })).toHaveFocus();
    const roles = within(form).getByRole('group', { name: 'Roles' });
    await user.click(within(roles).getByLabelText('Approver'));
    const areas = within(form).getByRole('group', { name: 'Service areas' });
    await user.click(within(areas).getByLabelText('All service areas'));
    await user.click(within(areas).getByLabelText('Land'));
    await user.click(within(form).getByRole('button', { name: 'Save the roles and areas' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
        url: `/api/staff/officers/${reviewer.id}`,
        body: { roles: ['reviewer', 'approver'], areas: ['land'] },
      }),
    );
  });

  it('lets an approver revoke the issued document, with the reason', async () => {
    const document = {
      id: 'AbCdEf123456',
      number: 'LND-2026-000123',
      status: 'issued',
      pdf_url: 'https://eservices.test.go.ke/api/documents/AbCdEf123456/pdf',
      print_url: 'https://eservices.test.go.ke/downloads/official-letter?id=AbCdEf123456',
      url: 'https://eservices.test.go.ke/e-verify?code=x.y.z',
    };
    let revoked = false;
    const api = stubApi({
      'GET /api/staff/me': () =>
        jsonResponse(200, {
          ...me,
          roles: ['approver'],
          permissions: [...me.permissions, 'documents.revoke'],
        }),
      'GET /api/staff/applications/:no': () =>
        jsonResponse(200, {
          ...application,
          status: 'issued',
          allowed: [],
          document: { ...document, status: revoked ? 'revoked' : 'issued' },
        }),
      'POST /api/staff/documents/:id/revoke': () => {
        revoked = true;
        return jsonResponse(200, {});
      },
    });
    await renderWithApp([{ path: '/staff/applications/:applicationNo', element: <StaffApplicationPage /> }], {
      path: '/staff/applications/LND-2026-000123',
    });
    const section = (await screen.findByRole('heading', { name: 'Revoke the document' })).closest('section')!;
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Revoke the document' }));
    expect(
      await screen.findByRole('link', {
        name: 'Please give the reason for this decision (at least 3 characters)',
      }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(section).getByLabelText(/^Reason/), 'Issued on a superseded plan');
    await user.click(within(section).getByRole('button', { name: 'Revoke the document' }));
    expect(await screen.findByText('The document is revoked')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/staff/documents/AbCdEf123456/revoke',
      body: { reason: 'Issued on a superseded plan' },
    });
    // The page reads the application again: the document is revoked; only the confirmation stays.
    expect(await screen.findByText(/LND-2026-000123 · Revoked/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Revoke the document' })).toBeNull();
  });

  it('a match above the second-officer amount: another officer confirms it; its proposer only waits or withdraws', async () => {
    const base = {
      account_typed: 'NCCB4021337',
      reason: 'unknown_bill',
      amount_cents: 2_750_000,
      phone_number: '254712345678',
      payer_name: 'WANJIKU',
      paid_at: '2026-11-25T09:00:00.000+03:00',
    };
    const api = stubApi({
      'GET /api/staff/me': () => jsonResponse(200, { ...me, roles: ['revenue'] }),
      'GET /api/staff/revenue/unmatched': () =>
        jsonResponse(200, {
          second_officer_above_cents: 1_000_000,
          data: [
            {
              ...base,
              payment_id: '11111111-1111-4111-8111-111111111111',
              mpesa_receipt_number: 'RKA1B2C3D4',
              proposal: {
                bill_no: 'NCCB40213378',
                proposed_by: '22222222-2222-4222-8222-222222222222',
                proposed_by_name: 'Baraka Mwangi',
                reason: 'Payer called',
                proposed_at: '2026-11-25T10:00:00.000+03:00',
              },
            },
            {
              ...base,
              payment_id: '33333333-3333-4333-8333-333333333333',
              mpesa_receipt_number: 'RKE5F6G7H8',
              proposal: {
                bill_no: 'NCCB40213386',
                proposed_by: me.id,
                proposed_by_name: me.name,
                reason: 'Typo in the account',
                proposed_at: '2026-11-25T10:05:00.000+03:00',
              },
            },
          ],
        }),
      'GET /api/staff/revenue/collections': () =>
        jsonResponse(200, {
          from: '2026-11-25',
          to: '2026-11-25',
          rows: [],
          total_payments: 0,
          total_cents: 0,
        }),
      'POST /api/staff/revenue/unmatched/:id/match/confirm': () =>
        jsonResponse(200, {
          status: 'matched',
          bill_no: 'NCCB40213378',
          amount_cents: 2_750_000,
          bill_status: 'paid',
        }),
    });
    await renderWithApp(<RevenuePage />, { language: 'sw' });
    expect(
      await screen.findByText(/Uoanishaji wa zaidi ya KES 10,000.00 unasubiri afisa wa pili wa mapato/),
    ).toBeInTheDocument();
    const [theirs, mine] = await screen.findAllByTestId('match-proposal');
    expect(theirs).toHaveTextContent(/bili NCCB40213378 \(Baraka Mwangi/);
    expect(mine).toHaveTextContent('Inasubiri afisa wa pili wa mapato aithibitishe.');
    const confirmButtons = screen.getAllByRole('button', { name: 'Thibitisha uoanishaji' });
    // Only the other officer's proposal can be confirmed here.
    expect(confirmButtons).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Ondoa uoanishaji' })).toBeInTheDocument();
    await userEvent.setup().click(confirmButtons[0]!);
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/staff/revenue/unmatched/11111111-1111-4111-8111-111111111111/match/confirm',
      }),
    );
  });

  it('cancels a bill by its number with a reason, and shows why the server refused one', async () => {
    const api = stubApi({
      'GET /api/staff/revenue/unmatched': () => jsonResponse(200, { data: [] }),
      'GET /api/staff/revenue/collections': () =>
        jsonResponse(200, {
          from: '2026-11-25',
          to: '2026-11-25',
          rows: [],
          total_payments: 0,
          total_cents: 0,
        }),
      'POST /api/staff/bills/:no/cancel': ({ url }) =>
        url.includes('NCCB40213378')
          ? jsonResponse(409, {
              code: 'conflict',
              message: 'This bill has payments: it cannot be cancelled.',
            })
          : jsonResponse(200, { bill_no: 'NCCB40213386', application_no: 'LND-2026-000124' }),
    });
    await renderWithApp(<RevenuePage />);
    const section = (await screen.findByRole('heading', { name: 'Cancel a bill' })).closest('section')!;
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText(/^Bill number/), 'NCCB40213378');
    await user.type(within(section).getByLabelText(/^Reason/), 'Raised twice by mistake');
    await user.click(within(section).getByRole('button', { name: 'Cancel the bill' }));
    expect(
      await within(section).findByRole('link', { name: 'This bill has payments: it cannot be cancelled.' }),
    ).toBeInTheDocument();
    // Nothing typed is lost.
    expect(within(section).getByLabelText(/^Bill number/)).toHaveValue('NCCB40213378');
    await user.clear(within(section).getByLabelText(/^Bill number/));
    await user.type(within(section).getByLabelText(/^Bill number/), 'NCCB40213386');
    await user.click(within(section).getByRole('button', { name: 'Cancel the bill' }));
    expect(
      await screen.findByText('Bill NCCB40213386 is cancelled, and application LND-2026-000124 with it'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: '/api/staff/bills/NCCB40213386/cancel',
      body: { reason: 'Raised twice by mistake' },
    });
  });
});
