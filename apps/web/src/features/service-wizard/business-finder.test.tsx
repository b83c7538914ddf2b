import { servicesOf } from '@kaunti/catalogue/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const ubp = servicesOf('business').find((s) => s.id === 'unified-business-permit')!;

const kilimani = {
  id: 'b1',
  business_name: 'Kilimani Tech Solutions Limited',
  subsidiary_name: 'KiliTech',
  kra_pin: 'P052468013Q',
  reg_no: 'PVT-9XY7AB2C',
  postal_address: 'P.O. Box 76543',
  postal_code: '00505',
  business_phone: '254700123456',
  business_email: null,
  contact_name: 'Achieng Oduya',
};
const activities = [
  {
    activity_code: '505',
    name: 'Restaurant or eating house',
    brim_desc: 'A',
    fa_category_desc: 'B',
    ubpsubcategory3_name: 'C',
  },
  {
    activity_code: '615',
    name: 'Information technology company',
    brim_desc: 'A',
    fa_category_desc: 'B',
    ubpsubcategory3_name: 'C',
  },
];

/** As the register lookup answers it to an account that does not act for it yet. */
const kilimaniInRegister = {
  ...kilimani,
  business_phone: null,
  contact_name: null,
  yours: false,
  phone_ending: '456',
};

function setup(mine: unknown[] = []) {
  const start = freshStart();
  let held = false;
  const api = stubApi({
    'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: start.draftId, ...(body as object) }),
    'GET /api/businesses': () => jsonResponse(200, { data: held ? [kilimani] : mine }),
    'POST /api/businesses/takeover/code': () =>
      jsonResponse(202, {
        message:
          "We sent a code to the business's registered phone, ending 456. Type it below to act for the business.",
        phone_ending: '456',
      }),
    'POST /api/businesses/claims': () =>
      jsonResponse(202, {
        message:
          'Your claim to act for this business is recorded. A county business officer will decide it; you will see the decision with your claims.',
        claim: { id: 'c1', status: 'pending' },
      }),
    'POST /api/businesses/takeover': ({ body }) => {
      if ((body as { code: string }).code !== '482913')
        return jsonResponse(400, {
          message: 'The code is incorrect. Please check it and try again.',
          code: 'bad_request',
        });
      held = true;
      return jsonResponse(200, kilimani);
    },
    'GET /api/businesses/lookup': ({ url }) =>
      url.includes('P052468013Q') || url.includes('reg_no=PVT-9XY7AB2C')
        ? jsonResponse(200, kilimaniInRegister)
        : jsonResponse(404, {
            message:
              "No business with that KRA PIN or registration number is in the county's register. Fill in its details below.",
            code: 'not_found',
          }),
    'GET /api/business/postal-codes': () =>
      jsonResponse(200, {
        data: [{ postal_code: '00505', post_office: 'Ngong Road', label: '00505 Ngong Road' }],
      }),
    'GET /api/business/activities': ({ url }) => {
      const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
      return jsonResponse(200, {
        data: activities.filter((a) => a.name.toLowerCase().includes(q) || a.activity_code.startsWith(q)),
      });
    },
  });
  return { api, start };
}

afterEach(() => {
  // Unmount first: leaving the form sends what is still waiting, to the fake API.
  cleanup();
  vi.unstubAllGlobals();
});

describe('the business finder', () => {
  it("fills the business fields from the county's register; a miss is said and nothing typed is lost", async () => {
    const { start } = setup();
    await renderWithApp(<ServiceWizard service={ubp} start={start} />);
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Business name/ });
    await u.type(name, 'Typed by hand');
    const search = await screen.findByRole('textbox', { name: /KRA PIN or registration number/ });
    await u.type(search, 'P000000000X{Enter}');
    expect(await screen.findByText(/No business with that KRA PIN/)).toBeInTheDocument();
    expect(name).toHaveValue('Typed by hand');
    // Enter searched; it did not submit the step.
    expect(screen.getByRole('heading', { level: 2, name: 'Business' })).toBeInTheDocument();

    await u.clear(search);
    await u.type(search, 'pvt-9xy7ab2c');
    await u.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/Kilimani Tech Solutions Limited is filled in below/)).toBeInTheDocument();
    expect(name).toHaveValue('Kilimani Tech Solutions Limited');
    expect(screen.getByRole('textbox', { name: /^KRA PIN of the business/ })).toHaveValue('P052468013Q');
  });

  it('takes a register business over with the code sent to its registered phone, not a number the applicant must know (issue 36 item 7)', async () => {
    const { start, api } = setup();
    await renderWithApp(<ServiceWizard service={ubp} start={start} />);
    const u = userEvent.setup();
    await u.type(
      await screen.findByRole('textbox', { name: /KRA PIN or registration number/ }),
      'P052468013Q{Enter}',
    );
    expect(await screen.findByText(/we send a code to its registered phone, ending 456/)).toBeInTheDocument();
    // The register's phone is not shown, nor asked for.
    expect(screen.getByRole('textbox', { name: /^Business phone number/ })).toHaveValue('');
    await u.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText(/We sent a code to the business's registered phone/)).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Code from the SMS/ });
    await u.type(code, '111111{Enter}');
    expect(
      await screen.findByText('The code is incorrect. Please check it and try again.'),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await u.clear(code);
    await u.type(code, '482913');
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/You now act for Kilimani Tech Solutions Limited/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Business phone number/ })).toHaveValue('0700123456');
    expect(screen.queryByRole('textbox', { name: /Code from the SMS/ })).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/businesses/takeover/code')?.body).toEqual({
      kra_pin: 'P052468013Q',
    });
  });

  it('files a claim for a business another account acts for, with the KRA PIN typed (issue 36 item 6)', async () => {
    const { start, api } = setup();
    await renderWithApp(<ServiceWizard service={ubp} start={start} />);
    const u = userEvent.setup();
    const claim = await screen.findByRole('button', { name: 'Claim the business' });
    await u.click(claim);
    expect(await screen.findByText(/Type the business's KRA PIN first/)).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: /^KRA PIN of the business/ }), 'p051234567k');
    await u.click(screen.getByRole('button', { name: 'Claim the business' }));
    expect(await screen.findByText(/Your claim to act for this business is recorded/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/businesses/claims')?.body).toEqual({
      kra_pin: 'P051234567K',
    });
  });

  it("offers the user's own businesses in one tap", async () => {
    const { start } = setup([kilimani]);
    await renderWithApp(<ServiceWizard service={ubp} start={start} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /Use Kilimani Tech Solutions Limited/ }));
    expect(screen.getByRole('textbox', { name: /^Business name/ })).toHaveValue(
      'Kilimani Tech Solutions Limited',
    );
  });
});

describe('a searchable list (business activities)', () => {
  it('shows the activities matching what is typed, and keeps the choice made through later searches', async () => {
    const { start, api } = setup();
    await renderWithApp(<ServiceWizard service={ubp} start={{ ...start, step: 1 }} />);
    const u = userEvent.setup();
    const line = await screen.findByRole('region', { name: 'Business line 1' });
    const select = within(line).getByRole('combobox', { name: /Business activity/ });
    const shown = () =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(1);
    await vi.waitFor(() => expect(shown()).toHaveLength(2));
    await u.type(within(line).getByRole('searchbox', { name: /Search the business activity/ }), 'rest');
    await vi.waitFor(() => expect(shown()).toEqual(['Restaurant or eating house']));
    await u.selectOptions(select, '505');
    const box = within(line).getByRole('searchbox');
    await u.clear(box);
    await u.type(box, 'information');
    // The choice made stays offered (and chosen) beside what the new search found.
    await vi.waitFor(() =>
      expect(shown()).toEqual(['Restaurant or eating house', 'Information technology company']),
    );
    expect(select).toHaveValue('505');
    expect(api.calls.map((c) => c.url)).toContain('/api/business/activities?q=information');
  });
});
