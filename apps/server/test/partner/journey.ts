import createClient from 'openapi-fetch';
// Generated from GET /api/docs/json by the test that runs this journey (generated-client.test.ts);
// never committed, so it is always the document the server publishes now.
import type { paths } from './kaunti-api';

/**
 * A partner's journey, written only against the client openapi-typescript and openapi-fetch
 * generate from the published document: what a partner developer would write. The test compiles
 * it with `tsc --strict` against the freshly generated types (a field renamed, a path moved, a
 * shape changed fails the compile), then runs it against the app in-process.
 */
export interface JourneyOutcome {
  signedInAs: string;
  services: number;
  quoted: { service_id: string; lines: number };
  ratesBill: { bill_no: string; balance_cents: number };
  bills: string[];
  verified: { short_code: string; status: string };
}

export async function partnerJourney(
  fetch: (request: Request) => Promise<Response>,
  citizen: { phone: string; password: string },
): Promise<JourneyOutcome> {
  const api = createClient<paths>({ baseUrl: 'http://kaunti.test', fetch });
  const fail = (step: string, error: unknown): never => {
    throw new Error(`${step}: ${JSON.stringify(error)}`);
  };

  // Sign in: a password, then the one-time code sent by SMS (read from the development outbox).
  const login = await api.POST('/api/auth/login', {
    body: { username: citizen.phone, password: citizen.password },
  });
  if (!login.data) return fail('signIn', login.error);
  const outbox = await api.GET('/api/dev/sms-outbox', {
    params: { query: { phone: login.data.mobile_number } },
  });
  if (!outbox.data) return fail('listSmsOutbox', outbox.error);
  const code = outbox.data.data[0]?.message.match(/\b(\d{6})\b/)?.[1];
  if (!code) return fail('listSmsOutbox', 'no code');
  const verified = await api.POST('/api/auth/otp/verify', {
    body: { otp: code },
    headers: { authorization: `Bearer ${login.data.token}` },
  });
  if (!verified.data) return fail('verifyOtp', verified.error);
  const session = { authorization: `Bearer ${verified.data.token}` };

  // The open catalogue, one service and a price for it.
  const catalogue = await api.GET('/api/catalogue/services');
  if (!catalogue.data) return fail('listServices', catalogue.error);
  const first = catalogue.data.data[0];
  if (!first) return fail('listServices', 'empty');
  const service = await api.GET('/api/catalogue/services/{id}', { params: { path: { id: first.id } } });
  if (!service.data) return fail('getService', service.error);
  const quote = await api.POST('/api/catalogue/services/{id}/quote', {
    params: { path: { id: service.data.id } },
    body: { values: {} },
  });
  if (!quote.data) return fail('quoteService', quote.error);

  // The rates bill of the citizen's own parcel, then their bills, and a document checked on
  // E-Verify (no account needed).
  const rates = await api.POST('/api/lands/rates/current-bill', {
    body: { lr_number: '209/10001' },
    headers: session,
  });
  if (!rates.data) return fail('askRatesBill', rates.error);
  const bills = await api.GET('/api/bills', { headers: session });
  if (!bills.data) return fail('listBills', bills.error);
  const samples = await api.GET('/api/verify/samples');
  if (!samples.data) return fail('listVerificationSamples', samples.error);
  const sample = samples.data.documents[0];
  if (!sample) return fail('listVerificationSamples', 'empty');
  const check = await api.GET('/api/verify', { params: { query: { code: sample.short_code } } });
  if (!check.data) return fail('verifyDocument', check.error);

  return {
    signedInAs: verified.data.data.first_name,
    services: catalogue.data.data.length,
    quoted: { service_id: quote.data.service_id, lines: quote.data.lines.length },
    ratesBill: { bill_no: rates.data.bill_no, balance_cents: rates.data.balance_cents },
    bills: bills.data.data.map((bill) => bill.bill_no),
    verified: { short_code: sample.short_code, status: check.data.status },
  };
}
