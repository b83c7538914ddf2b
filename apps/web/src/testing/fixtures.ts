import type { ProfileUser } from '@kaunti/contract/api-accounts';
import type { Bill } from '@kaunti/contract/api-bills';

/** Component tests only: an unpaid land rates bill of KES 75,471.50, changed by `overrides`. */
export function testBill(overrides: Partial<Bill> = {}): Bill {
  return {
    bill_no: 'NCCB40213378',
    status: 'unpaid',
    description: 'Land rates 2026: 209/10001',
    currency: 'KES',
    total_cents: 7_547_150,
    paid_cents: 0,
    balance_cents: 7_547_150,
    credit_cents: 0,
    due_date: '2026-12-31',
    created_at: '2026-11-22T10:00:00.000+03:00',
    paid_at: null,
    application_no: null,
    service_id: 'land-rates-bill',
    customer_name: 'W****** N**** K****',
    lines: [],
    ...overrides,
  };
}

/** Component tests only: the demo citizen Wanjiku Kamau's profile, changed by `overrides`. */
export function testProfileUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e',
    customer_no: 'NCC-0001001',
    first_name: 'Wanjiku',
    middle_name: null,
    sur_name: 'Kamau',
    full_name: 'Wanjiku Kamau',
    identifier: '2345678',
    identifier_type: 'id_number',
    phone_number: '254712345678',
    email: 'wanjiku@example.co.ke',
    mobile_number_2nd: null,
    secondary_email: null,
    photo: null,
    psv: false,
    first_time_login: false,
    language: 'en',
    created_at: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
}
