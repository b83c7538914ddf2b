import { services } from '@kaunti/catalogue/catalogue';
import type { FieldDefinition } from '@kaunti/catalogue/definition-schema';
import { feeNeedsParcel, formatPpmPercent } from '@kaunti/catalogue/registries/fee-rules';
import {
  findReferenceList,
  readOptions,
  referenceListRequest,
} from '@kaunti/catalogue/registries/reference-lists';
import { parkingPlacesOf } from '@kaunti/catalogue/services/parking/places';
import { asCountySlug } from '@kaunti/catalogue/tariff';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landDataOf } from '../../src/areas/land/counties';
import { type CountyProfile, wardsOf } from '../../src/core/county/county-profile';
import { countyProfiles } from '../../src/core/county/seed';
import { DEMO_OFFICERS } from '../../src/core/staff/seed';
import { signUpAndVerify } from '../support/accounts';
import { readPdf } from '../support/pdf';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

/**
 * Everything county-specific is configuration: each county Kaunti ships (KAUNTI_COUNTY) starts
 * on its own seed and serves its own name, letterhead, paybill, sub-counties and wards, fees,
 * bill numbers and demo data. The expectations are read from the county's files, so a county
 * added later is tried by this same file.
 */
describe.each(Object.values(countyProfiles).map((profile) => [profile.slug, profile] as const))(
  'KAUNTI_COUNTY=%s',
  (slug, profile: CountyProfile) => {
    const land = landDataOf(slug);
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ KAUNTI_COUNTY: slug });
    });
    afterAll(() => t.close());

    it('serves the county: name, code, paybill, banks, contacts and letterhead', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/county' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        code: profile.code,
        name: profile.name,
        portal_name: profile.portalName,
        paybill: profile.paybill,
        currency: 'KES',
        bank_accounts: profile.bankAccounts,
        contacts: profile.contacts,
        letterhead: profile.letterhead,
      });
    });

    it('lists its own sub-counties and wards, every ward code once', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/county/sub-counties' });
      const { data } = res.json() as {
        data: { code: string; name: string; wards: { code: string; name: string }[] }[];
      };
      expect(data.map((s) => [s.code, s.name])).toEqual(profile.subCounties.map((s) => [s.code, s.name]));
      const wards = data.flatMap((s) => s.wards);
      expect(wards.map((w) => w.name).sort()).toEqual(
        wardsOf(profile)
          .map((w) => w.name)
          .sort(),
      );
      expect(new Set(wards.map((w) => w.code)).size).toBe(wardsOf(profile).length);
    });

    it("bills a demo parcel's rates at the county's own rate, under its own bill numbers", async () => {
      const user = await createSignedInUser(t);
      const parcel = land.demoParcels[0]!;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/lands/rates/current-bill',
        headers: user.headers,
        payload: { lr_number: parcel.lr },
      });
      expect(res.statusCode, res.body).toBe(200);
      const bill = res.json();
      const rate = land.ratePpm[parcel.use];
      expect(bill.lines[0]).toMatchObject({
        amount_cents: (parcel.value * 100 * rate) / 1_000_000,
        Description: expect.stringContaining(`(${formatPpmPercent(rate)} of site value)`),
      });
      expect(bill.lines[1]).toMatchObject({ amount_cents: parcel.arrears * 100 });
      expect(bill.bill_no).toMatch(new RegExp(`^${profile.billNoPrefix}\\d{8}$`));
    });

    it('prices ground rent from its own zones and tiers', async () => {
      const subCounty = profile.subCounties[0]!;
      const ward = wardsOf(profile).find((w) => w.subCountyCode === subCounty.code)!;
      const user = await createSignedInUser(t);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/globalms/ground_rent/zone?ward_code=${ward.code}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      const tier = land.groundRentTiers[subCounty.name] ?? 3;
      expect(res.json().data).toEqual([
        expect.objectContaining({
          zone_code: `GRZ-${ward.code}-A`,
          ground_rent_cents: land.groundRentByTier[tier].A.groundRent * 100,
        }),
        expect.objectContaining({
          zone_code: `GRZ-${ward.code}-B`,
          ground_rent_cents: land.groundRentByTier[tier].B.groundRent * 100,
        }),
      ]);
    });

    it("lists its own parking zones and roads, not another county's", async () => {
      const places = parkingPlacesOf(asCountySlug(slug));
      const zones = (await t.app.inject({ method: 'GET', url: '/api/parking/zones' })).json().data;
      expect(zones.map((z: { zone_code: string; name: string }) => [z.zone_code, z.name])).toEqual(
        places.zones.map((z) => [z.code, z.name]),
      );
      const roads = (await t.app.inject({ method: 'GET', url: '/api/parking/roads' })).json().data;
      expect(roads.map((r: { code: string; name: string }) => r.name)).toEqual(
        places.roads.map((r) => r.name),
      );
    });

    it('prices every service from its examples (a choice the county does not offer: its first one)', async () => {
      const user = await createSignedInUser(t, { psv: true });
      /** The county's choices of a list field, for the values chosen so far. */
      const choicesOf = async (field: FieldDefinition, values: Record<string, unknown>) => {
        const source = field.options;
        if (!source || !('list' in source)) return undefined;
        const list = findReferenceList(source.list)!;
        const params = Object.fromEntries(
          Object.entries(source.params ?? {}).map(([param, name]) => [param, String(values[name] ?? '')]),
        );
        const request = referenceListRequest(list, params);
        if (!request) return [];
        const res = await t.app.inject({
          method: request.method,
          url: request.path,
          headers: user.headers,
          ...(request.body ? { payload: request.body } : {}),
        });
        return readOptions(list, res.json(), params);
      };
      const fit = async (
        field: FieldDefinition,
        entry: Record<string, unknown>,
        context: Record<string, unknown>,
      ) => {
        const offered = await choicesOf(field, { ...context, ...entry });
        if (offered?.length && !offered.some((o) => o.value === String(entry[field.name] ?? '')))
          entry[field.name] = offered[0]!.value;
      };
      const unpriced: string[] = [];
      for (const service of services) {
        if (feeNeedsParcel(service.fee)) continue; // a parcel of the county's register: tried above
        const open = (
          await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${service.id}` })
        ).json();
        const values = structuredClone(open.example) as Record<string, unknown>;
        for (const field of service.steps.flatMap((step) => step.fields ?? []) as FieldDefinition[]) {
          await fit(field, values, values);
          const entries = values[field.name];
          if (field.fields && Array.isArray(entries))
            for (const entry of entries as Record<string, unknown>[])
              for (const inner of field.fields) await fit(inner, entry, values);
        }
        const quote = (
          await t.app.inject({
            method: 'POST',
            url: `/api/catalogue/services/${service.id}/quote`,
            headers: user.headers,
            payload: { values },
          })
        ).json();
        if (!quote.complete || quote.total_cents === null)
          unpriced.push(`${service.id}: ${JSON.stringify(quote)}`);
      }
      expect(unpriced).toEqual([]);
    });

    it("numbers customers and demo officers under the county's initials, at its own domain", async () => {
      const initials = profile.name
        .split(/\s+/)
        .map((word) => word[0])
        .join('');
      // A real sign-up gets its customer number from the county's name.
      const citizen = await signUpAndVerify(t);
      expect(citizen.customerNo).toMatch(new RegExp(`^${initials}-\\d{7}$`));
      const staff = await t.database.db.execute(
        `select o.staff_no, u.email from officers o join users u on u.id = o.user_id order by o.staff_no`,
      );
      const rows = (staff as unknown as { rows: { staff_no: string; email: string }[] }).rows;
      expect(rows).toHaveLength(DEMO_OFFICERS.length);
      const domain = new URL(profile.contacts.website).hostname.replace(/^www\./, '');
      for (const row of rows) {
        expect(row.staff_no).toMatch(new RegExp(`^${initials}/01\\d\\d$`));
        expect(row.email.endsWith(`@${domain}`)).toBe(true);
      }
    });

    it("prints its documents on the county's letterhead", async () => {
      const samples = (await t.app.inject({ method: 'GET', url: '/api/verify/samples' })).json() as {
        documents: { pdf_url: string | null }[];
      };
      const sample = samples.documents.find((d) => d.pdf_url);
      expect(sample).toBeDefined();
      const pdf = await t.app.inject({ method: 'GET', url: sample!.pdf_url! });
      expect(pdf.statusCode).toBe(200);
      const text = (await readPdf(pdf.rawPayload)).pages[0]!;
      expect(text).toContain(profile.letterhead.title);
      expect(text).not.toContain(
        Object.values(countyProfiles).find((other) => other.slug !== slug)!.letterhead.title,
      );
    });
  },
);

describe('KAUNTI_COUNTY', () => {
  it('an unknown county stops the start, naming the counties Kaunti ships', async () => {
    const countyDatabases = async () => {
      const url = process.env.DATABASE_URL;
      if (!url) return [];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'kaunti_c_atlantis_${process.pid}_%'`,
      );
      await admin.end();
      return rows.map((row) => row.datname);
    };
    await expect(createTestApp({ KAUNTI_COUNTY: 'atlantis' })).rejects.toThrow(
      'KAUNTI_COUNTY: there is no county "atlantis"; Kaunti ships nairobi, mombasa.',
    );
    // On PostgreSQL the database made for the county is dropped again, not left on the server.
    expect(await countyDatabases()).toEqual([]);
    // A county's database is made and migrated before the name is refused: 13 s alone on a quiet
    // machine, over 40 s on a loaded one.
  }, 120_000);
});
