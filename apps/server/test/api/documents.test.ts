import { templateIn } from '@kaunti/catalogue/document-texts';
import { registeredTemplates } from '@kaunti/catalogue/registries/documents';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import type { VerifyResponse } from '@kaunti/contract/api-verify';
import { and, eq } from 'drizzle-orm';
import { CompactSign, compactVerify, createLocalJWKSet, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/core/audit/schema';
import { createCountyService } from '../../src/core/county/county-service';
import { createDocumentService, type DocumentService } from '../../src/core/documents/document-service';
import { createInvoiceDocuments, type InvoiceDocuments } from '../../src/core/documents/invoice-documents';
import { qrMatrix } from '../../src/platform/pdf/qr';
import {
  createKeyRing,
  generateSigningJwk,
  type PrivateSigningJwk,
} from '../../src/platform/signing/key-ring';
import { pathAndQuery } from '../support/links';
import { qpdfCheck, readPdf } from '../support/pdf';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser } from '../support/users';

// The app signs with this key (SIGNING_KEYS); the test builds the same key ring to issue documents
// the way the bills and payments modules will, through the document service.
let key: PrivateSigningJwk;
let t: TestApp;
let documents: DocumentService;
let invoices: InvoiceDocuments;

beforeAll(async () => {
  key = await generateSigningJwk();
  t = await createTestApp({
    SIGNING_KEYS: JSON.stringify([key]),
    PUBLIC_URL: 'https://eservices.nairobi.go.ke',
  });
  const county = createCountyService(t.database.db);
  documents = createDocumentService({
    db: t.database.db,
    signer: await createKeyRing([key]),
    county,
    publicUrl: t.config.publicUrl,
  });
  invoices = createInvoiceDocuments({
    documents,
    county,
    publicUrl: t.config.publicUrl,
    secret: t.config.jwtSecret,
  });
});
afterAll(() => t.close());

let counter = 0;
function invoiceInput(overrides: Partial<InvoiceDocument> = {}) {
  counter += 1;
  return {
    receiptNo: null,
    billDetails: [
      { Amount: '300', Description: 'Daily parking KDA 123A' },
      { Amount: '300', Description: 'Daily parking KDB 456B' },
      { Amount: '2000', Description: 'Clamping fee' },
    ],
    isLr: false,
    customerName: 'Wanjiku Mary Kariuki',
    customerNo: 'NCC-0001001',
    billDate: '03/14/25',
    externalDoc: 'APP-2025-000412',
    isReceipt: false,
    billNo: `BL-TEST-${String(counter).padStart(6, '0')}`,
    billAmount: 260_000,
    description: 'Parking and clamping',
    quantity: 1,
    unitPrice: 260_000,
    ...overrides,
  };
}

// Each check from its own address: E-Verify allows 60 a minute per address, and these tests
// check every demo document (the limit has its own test below).
let checks = 0;
const verify = async (code: string) => {
  checks += 1;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/verify?code=${encodeURIComponent(code)}`,
    remoteAddress: `10.77.${checks >> 8}.${checks & 255}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as VerifyResponse;
};

/** The token with one character of its payload changed. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = 20;
  const swapped = payload[i] === 'x' ? 'y' : 'x';
  return `${header}.${payload.slice(0, i)}${swapped}${payload.slice(i + 1)}.${signature}`;
}

async function signWith(jwk: PrivateSigningJwk, claims: Record<string, unknown>): Promise<string> {
  const privateKey = await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'EdDSA', kid: jwk.kid })
    .sign(privateKey);
}

describe('issuing an invoice and verifying its QR code', () => {
  it('answers valid with the key facts, the holder masked, from the code or the whole link', async () => {
    const model = await invoices.prepare(invoiceInput());
    expect(model.verifyUrl).toBe(`https://eservices.nairobi.go.ke/e-verify?code=${model.verifyCode}`);
    // Short enough for a QR code a phone reads off paper: version 13 (69 modules) at most.
    expect(qrMatrix(model.verifyUrl).version).toBeLessThanOrEqual(13);

    const answer = await verify(model.verifyCode);
    expect(answer.status).toBe('valid');
    expect(answer.document).toMatchObject({
      kind: 'invoice',
      number: model.billNo,
      holder: 'W****** M*** K******',
      amount_cents: 260_000,
      issuer: 'Nairobi City County',
      facts: {
        bill_no: model.billNo,
        application_no: 'APP-2025-000412',
        description: 'Parking and clamping',
      },
    });
    expect(JSON.stringify(answer)).not.toContain('Wanjiku');
    expect((await verify(model.verifyUrl)).status).toBe('valid');
  });

  it('refuses a code with one character changed: tampered, and shows nothing it claims', async () => {
    const model = await invoices.prepare(invoiceInput());
    const answer = await verify(tamper(model.verifyCode));
    expect(answer).toEqual({ status: 'tampered', checked_at: expect.any(String) });
    const signature =
      model.verifyCode.slice(0, -5) + (model.verifyCode.endsWith('AAAAA') ? 'BBBBB' : 'AAAAA');
    expect((await verify(signature)).status).toBe('tampered');
    expect((await verify('not a county code')).status).toBe('tampered');
  });

  it('asks for a code when none is given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/verify?code=%20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Enter the verification code');
  });

  it('issues once per kind and number: the same document and QR code every time, one audit row', async () => {
    const input = invoiceInput();
    const first = await invoices.prepare(input);
    const again = await invoices.prepare(input);
    expect(again.verifyCode).toBe(first.verifyCode);
    const [row] = await documents.findByNumber(input.billNo, 'invoice');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, row!.id)));
    expect(audits.map((a) => [a.action, a.fromState, a.toState])).toEqual([['issue', null, 'issued']]);
  });

  it('records a receipt under its receipt number and refuses a receipt without one', async () => {
    const input = invoiceInput({ isReceipt: true, receiptNo: 'RCT-TEST-0001' });
    const model = await invoices.prepare(input);
    const answer = await verify(model.verifyCode);
    expect(answer.document).toMatchObject({
      kind: 'receipt',
      number: 'RCT-TEST-0001',
      facts: { bill_no: input.billNo },
    });
    await expect(invoices.prepare(invoiceInput({ isReceipt: true, receiptNo: null }))).rejects.toThrow(
      /needs a receipt number/,
    );
  });

  it('renders the PDF with the QR code that verifies', async () => {
    const model = await invoices.prepare(invoiceInput());
    const pdf = await readPdf(await invoices.renderPdf(model));
    expect(pdf.pages[0]).toContain('INVOICE');
    expect(pdf.pages[0]).toContain('Scan to verify at https://eservices.nairobi.go.ke/e-verify');
    const scanned = await pdf.decodeQr(1);
    expect(scanned).toBe(model.verifyUrl);
    expect((await verify(scanned!)).status).toBe('valid');
  });
});

describe('expired, unknown and rotated keys', () => {
  it('says expired, with the facts, once a document is past its expiry', async () => {
    const issued = await documents.issue({
      kind: 'permit',
      number: 'PMT-TEST-EXPIRED',
      holderName: 'Juma Traders',
      amountCents: 500_000,
      issuedAt: new Date('2024-01-05T08:00:00Z'),
      expiresAt: new Date('2024-12-31T20:59:59Z'),
    });
    const answer = await verify(issued.token);
    expect(answer.status).toBe('expired');
    expect(answer.document).toMatchObject({
      number: 'PMT-TEST-EXPIRED',
      expires_at: '2024-12-31T20:59:59.000Z',
    });
  });

  it('says unknown for a genuine signature on a document the register does not hold', async () => {
    const token = await signWith(key, {
      jti: 'not-in-register',
      k: 'receipt',
      n: 'RCT-GHOST',
      h: 'G****',
      iat: 1,
    });
    expect((await verify(token)).status).toBe('unknown');
  });

  it('says tampered when genuinely signed facts disagree with the register', async () => {
    const issued = await documents.issue({
      kind: 'receipt',
      number: 'RCT-TEST-MISMATCH',
      holderName: 'A B',
      amountCents: 100,
    });
    const claims = JSON.parse(Buffer.from(issued.token.split('.')[1]!, 'base64url').toString());
    const forged = await signWith(key, { ...claims, a: 100_000_000 });
    expect((await verify(forged)).status).toBe('tampered');
  });

  it('refuses a code signed by a key the county does not hold', async () => {
    const stranger = await generateSigningJwk();
    const issued = await documents.issue({ kind: 'receipt', number: 'RCT-TEST-STRANGER', holderName: 'A B' });
    const claims = JSON.parse(Buffer.from(issued.token.split('.')[1]!, 'base64url').toString());
    expect((await verify(await signWith({ ...stranger, kid: key.kid }, claims))).status).toBe('tampered');
    expect((await verify(await signWith(stranger, claims))).status).toBe('tampered');
  });

  it('publishes the public keys: a verifier checks a code offline, and private parts never leak', async () => {
    const model = await invoices.prepare(invoiceInput());
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const jwks = res.json();
    expect(jwks.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' },
    ]);
    expect(res.body).not.toContain(key.d);
    const { protectedHeader } = await compactVerify(model.verifyCode, createLocalJWKSet(jwks));
    expect(protectedHeader.kid).toBe(key.kid);
  });

  it('keeps old documents valid after a rotation (new key first, old kept)', async () => {
    const model = await invoices.prepare(invoiceInput());
    const newer = await generateSigningJwk();
    const rotated = await createTestApp({ SIGNING_KEYS: JSON.stringify([newer, key]) });
    try {
      // Same register (the rotated app has its own database copy): issue the old one there too.
      const county = createCountyService(rotated.database.db);
      const oldRing = createDocumentService({
        db: rotated.database.db,
        signer: await createKeyRing([key]),
        county,
        publicUrl: rotated.config.publicUrl,
      });
      const old = await oldRing.issue({
        kind: 'invoice',
        number: model.billNo,
        holderName: 'Wanjiku Mary Kariuki',
      });
      const res = await rotated.app.inject({ method: 'GET', url: `/api/verify?code=${old.token}` });
      expect(res.json().status).toBe('valid');
      const jwks = (await rotated.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([newer.kid, key.kid]);
      // Demo documents issued by the rotated app carry the new key id.
      const samples = (await rotated.app.inject({ method: 'GET', url: '/api/verify/samples' })).json();
      const code = new URL(samples.documents[0].url).searchParams.get('code')!;
      expect(JSON.parse(Buffer.from(code.split('.')[0]!, 'base64url').toString()).kid).toBe(newer.kid);
    } finally {
      await rotated.close();
    }
  });
});

describe('revoking a document (county staff)', () => {
  it('lets staff revoke: E-Verify then says revoked with the date and reason; twice is refused', async () => {
    const model = await invoices.prepare(invoiceInput());
    const [row] = await documents.findByNumber(model.billNo, 'invoice');
    const officer = await createOfficer(t, ['approver']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/documents/${row!.id}/revoke`,
      headers: officer.headers,
      payload: { reason: 'Issued in error: duplicate bill' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row!.id,
      status: 'revoked',
      revocation_reason: 'Issued in error: duplicate bill',
    });

    const answer = await verify(model.verifyCode);
    expect(answer.status).toBe('revoked');
    expect(answer.document).toMatchObject({
      revocation_reason: 'Issued in error: duplicate bill',
      revoked_at: expect.any(String),
    });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'revoke')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      actorId: officer.id,
      fromState: 'issued',
      toState: 'revoked',
    });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/staff/documents/${row!.id}/revoke`,
      headers: officer.headers,
      payload: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('illegal_transition');
  });

  it('refuses citizens and anonymous callers, a missing reason, and an unknown id', async () => {
    const model = await invoices.prepare(invoiceInput());
    const [row] = await documents.findByNumber(model.billNo, 'invoice');
    const url = `/api/staff/documents/${row!.id}/revoke`;
    const citizen = await createSignedInUser(t);
    expect((await t.app.inject({ method: 'POST', url, payload: { reason: 'x y z' } })).statusCode).toBe(401);
    const asCitizen = await t.app.inject({
      method: 'POST',
      url,
      headers: citizen.headers,
      payload: { reason: 'Fraud case' },
    });
    expect(asCitizen.statusCode).toBe(403);
    const officer = await createOfficer(t, ['approver']);
    const noReason = await t.app.inject({
      method: 'POST',
      url,
      headers: officer.headers,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Please give the reason for revoking this document');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/staff/documents/nope/revoke',
      headers: officer.headers,
      payload: { reason: 'Fraud case' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await verify(model.verifyCode)).status).toBe('valid');
  });

  it('lets staff find documents by number', async () => {
    const model = await invoices.prepare(invoiceInput());
    const officer = await createOfficer(t, ['approver']);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/documents?number=${model.billNo}`,
      headers: officer.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number: model.billNo,
        holder_name: 'Wanjiku Mary Kariuki',
        status: 'issued',
      }),
    ]);
  });
});

describe('the QR image route', () => {
  it('draws the QR code of a county code as SVG, and nothing for a forged one', async () => {
    const model = await invoices.prepare(invoiceInput());
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/qr.svg?code=${model.verifyCode}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('<path');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/documents/qr.svg?code=${tamper(model.verifyCode)}`,
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('demo documents', () => {
  it('are issued with the demo data and verify as their samples say', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/verify/samples' });
    expect(res.statusCode).toBe(200);
    const samples = res.json();
    expect(samples.documents.slice(0, 4).map((d: { status: string }) => d.status)).toEqual([
      'valid',
      'valid',
      'revoked',
      'expired',
    ]);
    for (const sample of samples.documents) {
      const code = new URL(sample.url).searchParams.get('code')!;
      expect((await verify(code)).status).toBe(sample.status);
    }
  });

  // The samples once for every template (the list verifies every demo document: not free).
  let listed: Promise<{ documents: { title: string }[] }> | undefined;
  const demoSamples = () => {
    listed ??= t.app.inject({ method: 'GET', url: '/api/verify/samples' }).then((res) => res.json());
    return listed;
  };

  it.each(registeredTemplates().map((template) => [template.name, template] as const))(
    '%s: a valid demo document, with its printable page, and a PDF whose QR code E-Verify accepts',
    async (_name, template) => {
      // Each template's reads come from an address of their own: the pages are rate-limited per
      // address (120 a minute), and every template's walk together passes that on a fast machine.
      const from = `10.77.${registeredTemplates().indexOf(template) + 1}.1`;
      const inject = (options: { method: 'GET'; url: string; headers?: Record<string, string> }) =>
        t.app.inject({ ...options, remoteAddress: from });
      // biome-ignore lint/suspicious/noExplicitAny: the samples' JSON, read as the API answers it.
      const samples: any = await demoSamples();
      // A service folder's own document may share a registered template's title (the grounds'
      // authority for booked days): the sample is the one printed from this template.
      const candidates = samples.documents.filter((d: { title: string }) => d.title === template.title);
      let sample = candidates[0];
      for (const candidate of candidates.length > 1 ? candidates : []) {
        const printed = new URL(candidate.print_url).searchParams;
        const page = await inject({
          method: 'GET',
          url: `/api/documents/${printed.get('id')}?key=${printed.get('key')}`,
        });
        if (page.json().template === template.name) {
          sample = candidate;
          break;
        }
      }
      expect(sample, template.title).toMatchObject({
        kind: template.register,
        status: 'valid',
        print_url: expect.stringContaining(`${template.download_route}?id=`),
      });
      const link = new URL(sample.print_url).searchParams;
      const view = (
        await inject({ method: 'GET', url: `/api/documents/${link.get('id')}?key=${link.get('key')}` })
      ).json();
      expect(view).toMatchObject({
        template: template.name,
        title: template.title,
        number: sample.number,
        state: 'valid',
        short_code: sample.short_code,
        conditions: template.conditions ?? [],
      });
      expect(view.facts.map((f: { label: string }) => f.label)).toEqual(
        template.facts
          ? template.facts.map((f) => f.label)
          : expect.arrayContaining(['Issued to', 'Date of issue']),
      );
      const pdf = await inject({ method: 'GET', url: pathAndQuery(sample.pdf_url) });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await qpdfCheck(pdf.rawPayload)).toContain('No syntax or stream encoding errors found');
      const read = await readPdf(pdf.rawPayload);
      expect(read.pages[0]).toContain(template.title.toUpperCase());
      expect(read.pages[0]).toContain(sample.short_code);
      for (const table of view.tables) expect(read.pages.join(' ')).toContain(table.rows[0][1]);
      if (template.conditions_page) {
        // A permit: its facts first (a long table of charges may continue on a page of its own),
        // its terms alone on the last page; the single business permit is exactly two pages.
        const last = read.pages.length - 1;
        if (template.name === 'single-business-permit') expect(read.pageCount).toBe(2);
        expect(read.pageCount).toBeGreaterThanOrEqual(2);
        for (const page of read.pages.slice(0, last)) expect(page).not.toContain('TERMS AND CONDITIONS');
        expect(read.pages[last]).toContain('TERMS AND CONDITIONS');
        expect(read.pages[last]).toContain(`${template.conditions!.length}. `);
      }
      const qr = await read.decodeQr(1);
      expect(qr).toBe(sample.url);
      expect((await verify(new URL(qr!).searchParams.get('code')!)).status).toBe('valid');

      // The same document in Kiswahili (issue 36 item 23): asked with Accept-Language, its page's
      // labels and terms; and the PDF link with lang=sw (a link carries no header).
      const sw = templateIn(template, 'sw');
      const inSw = await inject({
        method: 'GET',
        url: `/api/documents/${link.get('id')}?key=${link.get('key')}`,
        headers: { 'accept-language': 'sw-KE, sw;q=0.9, en;q=0.5' },
      });
      expect(inSw.headers['content-language']).toBe('sw');
      const swView = inSw.json();
      expect(swView).toMatchObject({
        template: template.name,
        title: sw.title,
        number: sample.number,
        short_code: sample.short_code,
        conditions: sw.conditions ?? [],
        signatory: expect.stringMatching(/^Kwa niaba ya /),
      });
      expect(swView.facts.map((f: { label: string }) => f.label)).toEqual(
        sw.facts
          ? sw.facts.map((f) => f.label)
          : expect.arrayContaining(['Imetolewa kwa', 'Tarehe ya kutolewa']),
      );
      // Its dates as Kiswahili writes them: "14 Machi 2026".
      (sw.facts ?? []).forEach((fact, i) => {
        if (fact.field === 'issued_on' || fact.field === 'valid_until')
          expect(swView.facts[i].value, fact.label).toMatch(
            /^\d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}$/,
          );
      });
      const swPdf = await inject({ method: 'GET', url: `${pathAndQuery(sample.pdf_url)}&lang=sw` });
      expect(swPdf.headers['content-language']).toBe('sw');
      const swRead = await readPdf(swPdf.rawPayload);
      expect(swRead.pages[0]).toContain(sw.title.toUpperCase());
      expect(swRead.pages[0]).toContain('Skani ili kuhakiki kwenye');
      expect(swRead.pages.join(' ')).toContain(swView.facts[0].value);
      for (const condition of swView.conditions.slice(0, 1))
        expect(swRead.pages.join(' ')).toContain(condition.slice(0, 40));
    },
  );

  it('the printed details never reach E-Verify, which shows only the masked holder', async () => {
    const samples = (await t.app.inject({ method: 'GET', url: '/api/verify/samples' })).json();
    const sample = samples.documents.find((d: { title: string }) => d.title === 'Single Business Permit');
    const answer = await verify(new URL(sample.url).searchParams.get('code')!);
    expect(answer.document?.holder).toBe('M*** M**** E**********');
    expect(JSON.stringify(answer)).not.toContain('A012345678Z');
  });

  it('are not there without demo data', async () => {
    const plain = await createTestApp({ KAUNTI_DEMO_DATA: 'false' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/verify/samples' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('rate limit', () => {
  it('allows 60 checks a minute from one address, then asks to wait', async () => {
    const fresh = await createTestApp();
    try {
      for (let i = 0; i < 60; i++) {
        const ok = await fresh.app.inject({
          method: 'GET',
          url: '/api/verify?code=abc',
          remoteAddress: '10.1.2.3',
        });
        expect(ok.statusCode).toBe(200);
      }
      const limited = await fresh.app.inject({
        method: 'GET',
        url: '/api/verify?code=abc',
        remoteAddress: '10.1.2.3',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many requests/);
      const other = await fresh.app.inject({
        method: 'GET',
        url: '/api/verify?code=abc',
        remoteAddress: '10.1.2.4',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
