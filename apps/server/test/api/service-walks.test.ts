import { randomUUID } from 'node:crypto';
import { services } from '@kaunti/catalogue/catalogue';
import { documentTemplateOf } from '@kaunti/catalogue/registries/documents';
import {
  findReferenceList,
  readOptions,
  referenceListRequest,
} from '@kaunti/catalogue/registries/reference-lists';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadId } from '../support/files';
import { pathAndQuery } from '../support/links';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import { readPdf } from '../support/pdf';
import type { TestApp } from '../support/test-app';
import {
  createSignedInUser,
  DEMO_CITIZEN_EXAMPLES,
  HANDS_OVER_DEMO_RECORDS,
  signedInAs as signedInAsUser,
  type TestUser,
} from '../support/users';

/**
 * Every service of these areas, walked from its published example to its verified document, as
 * the contract says: its example (uploads replaced by the caller's own) is accepted from a
 * new citizen account — or, for a service whose example names the demo account's own things, from
 * that account — raises a bill above zero, is paid through the M-Pesa simulator, is approved by the
 * demo approver (0700000102) and issued by the demo reviewer (0700000101) when it is reviewed, and
 * has a document whose print_url is its template's printable and whose PDF's QR verifies.
 */
const AREAS = ['property', 'payments', 'markets', 'health', 'licensing', 'social'];

let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`walks-callback-secret-${randomUUID()}`));
});
afterAll(() => close());

/** A seeded account (a demo officer, the demo citizen) with a verified session. */
const signedInAs = (phone: string) => signedInAsUser(t, phone);

// A service that keeps no application (`direct`, `ticket`: market cess) is walked by its own test.
/** Services of other areas walked here too: the health department's licence of food premises (business area). */
const ALSO = new Set(['food-hygiene-licence']);

// A service that hands the demo citizen's records over (a tenancy transferred) is walked last,
// after those whose example names the same records.
const walked = services
  .filter((s) => (AREAS.includes(s.area) || ALSO.has(s.id)) && findWorkflow(s.workflow)?.creates_application)
  .sort((a, b) => Number(HANDS_OVER_DEMO_RECORDS.has(a.id)) - Number(HANDS_OVER_DEMO_RECORDS.has(b.id)));

/** The services whose Kiswahili document was found printing a list choice in Kiswahili. */
const swChoicesPrinted: string[] = [];
/** The services whose document was found printing a group's choice in a table by its words. */
const tableChoicesPrinted: string[] = [];

describe('a service from its example to its verified document', () => {
  it('walks at least one service', () => expect(walked.length).toBeGreaterThan(0));

  it.each(walked.map((s) => [s.id]))('%s', async (id) => {
    const applicant = DEMO_CITIZEN_EXAMPLES.has(id)
      ? await signedInAs('0712345678')
      : await createSignedInUser(t);
    const open = (await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${id}` })).json() as {
      steps: { fields: { name: string; kind: string; show_when?: unknown }[] }[];
      example: Record<string, unknown>;
    };
    const values = { ...open.example };
    for (const field of open.steps.flatMap((s) => s.fields).filter((f) => f.kind === 'file'))
      if (field.name in values) values[field.name] = await uploadId(t, applicant.headers);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: applicant.headers,
      payload: { service_id: id, values },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    expect(bill.total_cents).toBeGreaterThan(0);
    const service = services.find((s) => s.id === id)!;
    const reviewed = service.workflow === 'pay-then-review' || service.workflow === 'review-and-issue';
    const approved = service.workflow === 'pay-then-approve';
    let detail = await payApplicationBill(
      t,
      applicant,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      reviewed || approved ? 'under_review' : 'issued',
    );
    if (approved) {
      // The approval issues the document (one officer: what is approved is what was paid for).
      const approver = await signedInAs('0700000102');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.application_no}/status`,
        headers: approver.headers,
        payload: { status: 'approved' },
      });
      expect(res.statusCode, `approved: ${res.body}`).toBe(200);
      detail = (
        await t.app.inject({
          method: 'GET',
          url: `/api/applications/${application.application_no}`,
          headers: applicant.headers,
        })
      ).json();
    }
    if (reviewed) {
      const approver = await signedInAs('0700000102');
      const reviewer = await signedInAs('0700000101');
      const decide = async (officer: TestUser, status: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/staff/applications/${application.application_no}/status`,
          headers: officer.headers,
          payload: { status, reason: 'Checked against the records' },
        });
        expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      };
      await decide(approver, 'approved');
      await decide(reviewer, 'issued');
      detail = (
        await t.app.inject({
          method: 'GET',
          url: `/api/applications/${application.application_no}`,
          headers: applicant.headers,
        })
      ).json();
    }
    expect(detail.status).toBe('issued');
    const template = documentTemplateOf(service);
    expect(detail.document?.print_url).toContain(`${template?.download_route}?id=`);
    const pdf = await t.app.inject({ method: 'GET', url: pathAndQuery(detail.document!.pdf_url) });
    expect(pdf.statusCode).toBe(200);
    const qr = await (await readPdf(pdf.rawPayload)).decodeQr(1);
    expect(qr).toBe(detail.document!.url);
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/verify?code=${encodeURIComponent(new URL(qr!).searchParams.get('code')!)}`,
    });
    expect(verified.json()).toMatchObject({ status: 'valid' });

    // Its Kiswahili print names a choice of a county list by the list's Kiswahili name, as the
    // Kiswahili form offered it (issue 36 item 23), not by the English kept for the English print.
    const printed = new URL(detail.document!.print_url);
    const inSw = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${printed.searchParams.get('id')}?key=${printed.searchParams.get('key')}`,
        headers: { 'accept-language': 'sw' },
      })
    ).json() as { facts: { value: string }[] };
    for (const fact of template?.facts ?? []) {
      const field = fieldsOf(service).find((f) => f.name === fact.field);
      const value = field ? values[field.name] : undefined;
      if (!field?.options || !('list' in field.options) || typeof value !== 'string') continue;
      const names = async (language: string) => {
        const params = Object.fromEntries(
          Object.entries(field.options && 'params' in field.options ? (field.options.params ?? {}) : {}).map(
            ([param, name]) => [param, String(values[name] ?? '')],
          ),
        );
        const list = findReferenceList((field.options as { list: string }).list)!;
        const call = referenceListRequest(list, params)!;
        const res = await t.app.inject({
          method: call.method,
          url: call.path,
          headers: { ...applicant.headers, 'accept-language': language },
          ...(call.body ? { payload: call.body } : {}),
        });
        return readOptions(list, res.json(), params).find((o) => o.value === value)?.label;
      };
      const [english, kiswahili] = [await names('en'), await names('sw')];
      if (!english || !kiswahili || english === kiswahili) continue;
      swChoicesPrinted.push(id);
      const shown = inSw.facts.map((f) => f.value);
      expect(shown, `${fact.field} in Kiswahili`).toContain(`${kiswahili} (${value})`);
      expect(shown.join(' '), fact.field).not.toContain(english);
    }

    // Its tables print a group's choices by their words, as the form offered them ("Billboard",
    // never the value "billboard" kept with the answers).
    const inEn = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${printed.searchParams.get('id')}?key=${printed.searchParams.get('key')}`,
        headers: { 'accept-language': 'en' },
      })
    ).json() as { tables: { title: string; rows: string[][] }[] };
    for (const table of template?.tables ?? []) {
      const group = fieldsOf(service).find((f) => f.name === table.field);
      const rows = inEn.tables.find((x) => x.title === table.title)?.rows ?? [];
      const entries = Array.isArray(values[table.field])
        ? (values[table.field] as Record<string, unknown>[])
        : [];
      table.columns.forEach((column, i) => {
        const options = group?.fields?.find((f) => f.name === column.key)?.options;
        if (!options || !('static' in options)) return;
        for (const [row, entry] of entries.slice(0, rows.length).entries()) {
          const label = options.static.find((o) => o.value === entry[column.key])?.label;
          if (!label) continue;
          tableChoicesPrinted.push(id);
          expect(rows[row]?.[i], `${table.title}: ${column.key}`).toBe(label);
        }
      });
    }

    // A document with a public page (an event): its address on the application's document, its
    // answers read from the form (nothing personal), and the permit's standing — revoked once the
    // county revokes it.
    if (service.public_page) {
      const pageUrl = (detail.document as { event_url?: string }).event_url;
      expect(pageUrl).toMatch(new RegExp(`/social/event/${detail.document!.id}$`));
      const read = async () =>
        t.app.inject({ method: 'GET', url: `/api/events/${encodeURIComponent(detail.document!.id)}` });
      const page = (await read()).json();
      for (const [answer, field] of Object.entries(service.public_page.fields))
        expect(page[answer], answer).toBe(String(values[field] ?? open.example[field]));
      expect(page.permit_status).toBe('valid');
      expect(JSON.stringify(page)).not.toContain(String(values.contact_phone ?? '—'));
      const revoker = await signedInAs('0700000102');
      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/staff/documents/${detail.document!.id}/revoke`,
        headers: revoker.headers,
        payload: { reason: 'The venue was closed for repairs' },
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await read()).json().permit_status).toBe('revoked');
      expect((await t.app.inject({ method: 'GET', url: '/api/events/not-an-event' })).statusCode).toBe(404);
    }
  });

  // After the walks (a describe's tests run in order), so that a run filtered with -t skips it
  // too: the checks in the walk are not vacuous — some walked service prints a county list's
  // choice in Kiswahili, and some prints a group's choice in a table.
  it('found services whose print exercises the choice checks', () => {
    expect(swChoicesPrinted.length, 'services printing a list choice in Kiswahili').toBeGreaterThan(0);
    expect(tableChoicesPrinted.length, "services printing a group's choice in a table").toBeGreaterThan(0);
  });
});
