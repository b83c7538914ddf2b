import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kenyaDate } from '../../src/core/bills/kenya-date';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

/** Essential services' product tree and pricing (its walk to a verified letter: service-walks.test.ts). */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('essential services: the product tree, four levels of county reference data', () => {
  it('answers each level under its parent, at least 40 items in all', async () => {
    const lists = [
      'EssentialProducts',
      'EssentialServicesSubProducts',
      'essentialservicessubproducts2',
      'NRSGlobalSub3Products',
    ];
    const all = [];
    for (const list of lists) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reference-data/${list}` });
      expect(res.statusCode).toBe(200);
      all.push(...res.json().data);
    }
    expect(all.length).toBeGreaterThanOrEqual(40);
    const under = async (list: string, parent: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/reference-data/${list}?parent=${parent}` })).json()
        .data as { code: string; name: string; unit?: string }[];
    // environment → exhauster services → residential → by tank size
    expect((await under('EssentialServicesSubProducts', 'ENV')).map((i) => i.code)).toContain('ENV-EXH');
    expect((await under('essentialservicessubproducts2', 'ENV-EXH')).map((i) => i.code)).toContain(
      'ENV-EXH-RES',
    );
    const tanks = await under('NRSGlobalSub3Products', 'ENV-EXH-RES');
    expect(tanks.length).toBeGreaterThanOrEqual(3);
    expect(tanks[0]).toMatchObject({ unit: 'trip' });
    // burial → Lang'ata cemetery → adult plot
    const cemeteries = await under('EssentialServicesSubProducts', 'BUR');
    expect(cemeteries.map((c) => c.name)).toContain('Lang’ata cemetery');
  });

  it('prices an item by its row times the quantity, and refuses an item of another branch', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/services/essential-services/quote',
      payload: {
        values: {
          essential_product: 'HIR',
          sub_product: 'HIR-HEV',
          sub_product_2: 'HIR-HEV-GRD',
          product_code: 'HIR-HEV-GRD-HR',
          quantity: 3,
        },
      },
    });
    expect(quote.json()).toMatchObject({ complete: true, total_cents: 3 * 600_000 });
    const citizen = await createSignedInUser(t);
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: citizen.headers,
      payload: {
        service_id: 'essential-services',
        values: {
          essential_product: 'HIR',
          sub_product: 'HIR-HEV',
          sub_product_2: 'HIR-HEV-GRD',
          product_code: 'BUR-C1-PLT-ADL',
          quantity: 1,
          location: 'Mombasa Road, Plot 12',
          // Today in Nairobi (the form's 'today'): from 21:00 UTC the UTC date is yesterday there.
          service_date: kenyaDate(),
        },
      },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details).toContainEqual({
      path: 'product_code',
      message: 'Please select an option from the list',
    });
  });
});
