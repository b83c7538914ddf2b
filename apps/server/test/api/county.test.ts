import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/database';
import { seed } from '../../src/seed';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('county configuration', () => {
  it('serves the seeded county: name, paybill, two bank accounts, contacts, letterhead', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/county' });
    expect(res.statusCode).toBe(200);
    const county = res.json();
    expect(county).toMatchObject({
      code: '047',
      name: 'Nairobi City County',
      paybill: '6060047',
      currency: 'KES',
    });
    expect(county.bank_accounts).toHaveLength(2);
    expect(county.bank_accounts.map((b: { bank: string }) => b.bank).join(' ')).toMatch(/Co-operative/);
    expect(county.contacts.phones.length).toBeGreaterThan(0);
    expect(county.letterhead.title).toBe('NAIROBI CITY COUNTY');
  });

  it("lists Nairobi's 17 sub-counties and 85 wards with codes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/county/sub-counties' });
    const { data } = res.json() as { data: { code: string; name: string; wards: { code: string }[] }[] };
    expect(data).toHaveLength(17);
    expect(data.map((s) => s.name)).toContain("Lang'ata");
    expect(data.flatMap((s) => s.wards)).toHaveLength(85);
    const codes = data.flatMap((s) => s.wards.map((w) => w.code));
    expect(new Set(codes).size).toBe(85);
    expect(data.find((s) => s.name === 'Starehe')?.wards).toHaveLength(6);
  });

  it('the seed is idempotent: running it again changes nothing', async () => {
    await seed(t.database.db, { county: 'nairobi', demoData: true });
    await seed(t.database.db, { county: 'nairobi', demoData: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/county/sub-counties' });
    expect(res.json().data.flatMap((s: { wards: unknown[] }) => s.wards)).toHaveLength(85);
  });

  it('seeds all or nothing: a start that fails half-way leaves no demo data behind', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      // The last step (the demo officers) fails, as a crash or a second process would make it.
      await database.db.execute(sql`
        create function refuse_officer() returns trigger language plpgsql as
          $$ begin raise exception 'officers refused by the test'; end $$
      `);
      await database.db.execute(sql`
        create trigger refuse_officer before insert on officers
          for each row execute function refuse_officer()
      `);
      await expect(seed(database.db, { county: 'nairobi', demoData: true })).rejects.toThrow();
      const count = async (table: 'sub_counties' | 'parcels' | 'users' | 'officers') => {
        const result = (await database.db.execute(
          sql.raw(`select count(*)::int as n from ${table}`),
        )) as unknown as {
          rows: { n: number }[];
        };
        return result.rows[0]!.n;
      };
      expect(await count('sub_counties')).toBe(0);
      expect(await count('parcels')).toBe(0);
      expect(await count('users')).toBe(0);
      // Once nothing is in the way, the same start seeds everything.
      await database.db.execute(sql`drop trigger refuse_officer on officers`);
      await seed(database.db, { county: 'nairobi', demoData: true });
      expect(await count('sub_counties')).toBeGreaterThan(0);
      expect(await count('officers')).toBe(6);
    } finally {
      await database.close();
    }
  });
});
