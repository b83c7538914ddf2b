import { activities } from '@kaunti/catalogue/services/business/activities';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { pestControlProvidersData, pestControlServicesData, postalCodesData } from './reference-data';
import {
  businessActivities,
  businesses,
  pestControlProviders,
  pestControlServices,
  postalCodes,
} from './schema';

/** Businesses the county already knows (its register) that no account holds: a lookup pre-fills them. */
export const REGISTER_BUSINESSES = [
  {
    name: 'Kilimani Tech Solutions Limited',
    subsidiaryName: 'KiliTech',
    kraPin: 'P052468013Q',
    regNo: 'PVT-9XY7AB2C',
    postalAddress: 'P.O. Box 76543',
    postalCode: '00505',
    phone: '254700123456',
    email: 'accounts@kilitech.example.co.ke',
    contactName: 'Achieng Oduya',
  },
  {
    name: 'Jamii Beauty Salon',
    subsidiaryName: null,
    kraPin: 'A011223344C',
    regNo: 'BN-4K2M9Q',
    postalAddress: 'P.O. Box 1120',
    postalCode: '00518',
    phone: '254711998877',
    email: null,
    contactName: 'Njeri Wambui',
  },
] as const;

/**
 * The business area's reference data, always: the activity schedule (the catalogue's
 * services/business/activities.ts; its fees are the business services' tariffs), postal codes,
 * and pest control operators and services. With demo data, the county's register of businesses
 * nobody holds yet. Idempotent.
 */
export async function seedBusiness(db: Db, options: { demoData: boolean }): Promise<void> {
  await db
    .insert(businessActivities)
    .values(
      activities.map((a, position) => ({
        code: a.code,
        name: a.name,
        category: a.category,
        subCategory: a.subCategory,
        industry: a.industry,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: businessActivities.code,
      set: {
        name: sql`excluded.name`,
        category: sql`excluded.category`,
        subCategory: sql`excluded.sub_category`,
        industry: sql`excluded.industry`,
        position: sql`excluded.position`,
      },
    });

  await db
    .insert(postalCodes)
    .values(postalCodesData.map(([code, postOffice]) => ({ code, postOffice })))
    .onConflictDoUpdate({ target: postalCodes.code, set: { postOffice: sql`excluded.post_office` } });
  await db
    .insert(pestControlProviders)
    .values(pestControlProvidersData.map((p) => ({ ...p })))
    .onConflictDoUpdate({
      target: pestControlProviders.code,
      set: { name: sql`excluded.name`, licenceNo: sql`excluded.licence_no`, phone: sql`excluded.phone` },
    });
  await db
    .insert(pestControlServices)
    .values(
      pestControlServicesData.map(([code, name, products], position) => ({ code, name, products, position })),
    )
    .onConflictDoUpdate({
      target: pestControlServices.code,
      set: { name: sql`excluded.name`, products: sql`excluded.products`, position: sql`excluded.position` },
    });

  if (options.demoData)
    await db
      .insert(businesses)
      .values(REGISTER_BUSINESSES.map((b) => ({ ...b, inRegister: true })))
      .onConflictDoNothing({ target: businesses.kraPin });
}
