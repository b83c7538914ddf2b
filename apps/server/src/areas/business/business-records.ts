import { activityNamesSw } from '@kaunti/catalogue/services/business/activities';
import type { BusinessActivity } from '@kaunti/contract/api-business';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import type { businessActivities, businesses } from './schema';

// A business and an activity as the API shows them, and a business's details as an application gives them.

export type BusinessRow = typeof businesses.$inferSelect;
type ActivityRow = typeof businessActivities.$inferSelect;

/** A postal address as a permit prints it: "P.O. Box 45123-00100, Nairobi GPO". */
export function postalAddressOf(box: string | null, code: string | null, postOffice: string | null): string {
  return [box, code].filter(Boolean).join('-') + (postOffice ? `, ${postOffice}` : '');
}

export const toActivity = (row: ActivityRow, language: AnswerLanguage = 'en'): BusinessActivity => ({
  activity_code: row.code,
  // The county's own name; in Kiswahili, the schedule's Kiswahili name of the activity.
  name: language === 'sw' ? (activityNamesSw[row.code] ?? row.name) : row.name,
  brim_desc: row.category,
  fa_category_desc: row.subCategory,
  ubpsubcategory3_name: row.industry,
});

export const toBusiness = (row: BusinessRow) => ({
  id: row.id,
  business_name: row.name,
  subsidiary_name: row.subsidiaryName,
  kra_pin: row.kraPin,
  reg_no: row.regNo,
  postal_address: row.postalAddress,
  postal_code: row.postalCode,
  business_phone: row.phone,
  business_email: row.email,
  contact_name: row.contactName,
});

/** A value given as text, trimmed; null when empty. */
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A business's details as an application gives them. */
export const detailsOf = (values: Record<string, unknown>) => ({
  name: String(values.business_name),
  subsidiaryName: text(values.subsidiary_name),
  regNo: text(values.reg_no),
  postalAddress: text(values.postal_address),
  postalCode: text(values.postal_code),
  phone: text(values.business_phone),
  email: text(values.business_email),
  contactName: text(values.contact_name),
});
