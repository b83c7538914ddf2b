import type { County } from '@kaunti/contract/api-county';
import { nairobi } from '../../src/core/county/counties/nairobi';

/** Nairobi's public configuration exactly as the seed writes it and GET /api/county answers it. */
export const nairobiCounty: County = {
  code: nairobi.code,
  name: nairobi.name,
  portal_name: nairobi.portalName,
  currency: 'KES',
  paybill: nairobi.paybill,
  bank_accounts: nairobi.bankAccounts,
  contacts: nairobi.contacts,
  letterhead: nairobi.letterhead,
};
