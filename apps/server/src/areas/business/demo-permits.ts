import { findService } from '@kaunti/catalogue/catalogue';
import { asc, eq } from 'drizzle-orm';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import {
  DEMO_HOLDER_PHONE,
  demoHolderOf,
  insertDemoApplication,
} from '../../core/applications/demo-applications';
import { priceService } from '../../core/applications/fees';
import { applications } from '../../core/applications/schema';
import { subCounties, wards } from '../../core/county/schema';
import type { DocumentRow } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import { postalAddressOf, REGISTER_CHECK } from './business-service';
import type { Permits } from './permits';
import { postalCodesData } from './reference-data';
import { businesses } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

const PREMISES = {
  premise_type: 'premises',
  road_name: 'Moi Avenue',
  plot_no: '209/11388',
  building_name: 'Bazaar Plaza',
  floor_no: 'Ground floor',
  stall: 'Shop 7',
};

const SAVANNAH = {
  name: 'Savannah Fresh Foods Limited',
  kraPin: 'P051234567K',
  regNo: 'PVT-7LU2XQ8B',
  postalAddress: 'P.O. Box 30211',
  postalCode: '00100',
};

/**
 * Demo businesses of the demo citizen, each with a permit of a different age — active, expiring
 * in 10 days, expired 35 days ago — and a pest control certificate, so that /permits shows every
 * state and renewal can be tried at once (README). Issued at start (documents are signed with
 * the server's keys); idempotent by their numbers.
 */
export const DEMO_BUSINESSES = [
  {
    applicationNo: 'SBP-2025-900301',
    serviceId: 'single-business-permit',
    issuedDaysAgo: 60,
    business: {
      name: 'Mama Mboga Enterprises',
      kraPin: 'A012345678Z',
      regNo: 'BN-7Q3R8T',
      postalAddress: 'P.O. Box 45123',
      postalCode: '00100',
    },
    values: {
      activity_code: '110',
      business_size: 'mini',
      activity_name: 'Kiosk, shop or stall selling general goods',
    },
  },
  {
    applicationNo: 'UBP-2025-900302',
    serviceId: 'unified-business-permit',
    issuedDaysAgo: 355,
    business: SAVANNAH,
    values: {
      subsidiary_name: 'Savannah Café',
      linesData: [
        { activity_code: '505', business_size: 'small' },
        { activity_code: '120', business_size: 'mini' },
      ],
      business_lines: [
        {
          code: '505',
          description: 'Restaurant or eating house',
          brim_desc: 'Accommodation and Catering',
          fa_category_desc: 'Eating houses',
          ubpsubcategory3_name: 'Hospitality',
        },
        {
          code: '120',
          description: 'Retail shop (clothes, shoes, household goods)',
          brim_desc: 'General Trade, Wholesale, Retail, Stores, Shops',
          fa_category_desc: 'Retail shops',
          ubpsubcategory3_name: 'Trade',
        },
      ],
    },
  },
  {
    applicationNo: 'SBP-2025-900303',
    serviceId: 'single-business-permit',
    issuedDaysAgo: 400,
    business: {
      name: 'Baraka Hardware and Building Supplies',
      kraPin: 'A009876543B',
      regNo: null,
      postalAddress: 'P.O. Box 18820',
      postalCode: '00500',
    },
    values: {
      activity_code: '125',
      business_size: 'small',
      activity_name: 'Hardware and building materials shop',
    },
  },
  {
    applicationNo: 'PCC-2025-900304',
    serviceId: 'pest-control',
    issuedDaysAgo: 30,
    business: SAVANNAH,
    values: {
      activity_code: '505',
      activity_name: 'Restaurant or eating house',
      service_code: 'FUM',
      provider_code: 'PCO-014',
      treated_on: '2026-10-20',
    },
    labels: {
      service_code: 'Fumigation of premises (FUM)',
      provider_code: 'Rentokil Initial Kenya Limited (PCO-014)',
    },
  },
] as const;

export async function issueDemoPermits(deps: {
  db: Db;
  documents: Pick<ApplicationDocuments, 'issue'>;
  permits: Pick<Permits, 'recordIssued'>;
}): Promise<DocumentRow[]> {
  const { db } = deps;
  const holder = await demoHolderOf(db);
  if (!holder) return [];
  // The premises are in the county's first sub-county and ward (Nairobi: Westlands… by code order).
  const [place] = await db
    .select({
      subCounty: subCounties.code,
      subCountyName: subCounties.name,
      ward: wards.code,
      wardName: wards.name,
    })
    .from(wards)
    .innerJoin(subCounties, eq(subCounties.code, wards.subCountyCode))
    .orderBy(asc(subCounties.code), asc(wards.code))
    .limit(1);
  if (!place) return [];
  const where = { sub_county_code: place.subCounty, ward_code: place.ward };
  const whereLabels = {
    sub_county_code: `${place.subCountyName} (${place.subCounty})`,
    ward_code: `${place.wardName} (${place.ward})`,
  };
  const issued: DocumentRow[] = [];
  for (const demo of DEMO_BUSINESSES) {
    const service = findService(demo.serviceId);
    if (!service) continue;
    const issuedAt = new Date(Date.now() - demo.issuedDaysAgo * DAY_MS);
    const document = await db.transaction(async (tx) => {
      await tx
        .insert(businesses)
        .values({
          ...demo.business,
          userId: holder.id,
          inRegister: true,
          phone: DEMO_HOLDER_PHONE,
          email: 'wanjiku.kamau@example.co.ke',
          contactName: 'Wanjiku Kamau',
        })
        .onConflictDoNothing({ target: businesses.kraPin });
      let [row] = await tx
        .select()
        .from(applications)
        .where(eq(applications.applicationNo, demo.applicationNo));
      if (row) return null;
      const answers = {
        business_name: demo.business.name,
        kra_pin: demo.business.kraPin,
        ...(demo.business.regNo ? { reg_no: demo.business.regNo } : {}),
        postal_address: demo.business.postalAddress,
        postal_code: demo.business.postalCode,
        business_phone: DEMO_HOLDER_PHONE,
        contact_name: 'Wanjiku Kamau',
        address: postalAddressOf(
          demo.business.postalAddress,
          demo.business.postalCode,
          postalCodesData.find(([code]) => code === demo.business.postalCode)?.[1] ?? null,
        ),
        register_check: REGISTER_CHECK.verified,
        ...PREMISES,
        ...where,
        ...demo.values,
      };
      // Priced by the county's tariff as a real application is; its charges print on the permit.
      const lines = await priceService(tx, service, answers);
      const values = {
        ...answers,
        bill_lines: lines.map((l) => ({
          code: l.code ?? '',
          description: l.description,
          amount: l.amount_cents,
        })),
      };
      row = await insertDemoApplication(tx, {
        applicationNo: demo.applicationNo,
        userId: holder.id,
        serviceId: service.id,
        reference: demo.business.name,
        values,
        valueLabels: { ...whereLabels, ...('labels' in demo ? demo.labels : {}) },
        feeCents: lines.reduce((sum, l) => sum + l.amount_cents, 0),
        at: issuedAt,
        note: 'Demo data: a business permit, to try /permits, renewals and E-Verify.',
      });
      const document = await deps.documents.issue(
        tx,
        row!,
        { type: 'system', id: 'demo-seed' },
        undefined,
        issuedAt,
      );
      if (document) await deps.permits.recordIssued(tx, { row: row!, document });
      return document;
    });
    if (document) issued.push(document);
  }
  return issued;
}
