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
