import { z } from 'zod';
import { documentKindSchema } from './api-documents';
import { centsSchema } from './cents-schema';

/**
 * E-Verify: anyone checks a county document from its QR code (`/e-verify?code=<token>`), a county
 * officer's staff ID (`/everify/s/{qid}/{sid}`) or a citizen's registration (`/everify/i/{qid}/{id}`).
 */

/**
 * What a check can say about a document, most serious first:
 *  - `tampered`: the code is not one the county signed (changed, malformed, or an unknown key);
 *  - `unknown`: the signature is the county's but the document is not in the register
 *    (should never happen: staff must investigate — a restored backup or a leaked key);
 *  - `revoked`: the county withdrew it (the date and reason are shown);
 *  - `expired`: genuine, but past its expiry date;
 *  - `valid`: genuine, in force, and these are its facts.
 */
/**
 * `mistyped`: the text has the shape of a short verification code but a symbol is wrong (its
 * check symbol does not match, or one symbol too many or too few): the person should look again.
 * `not_found`: a well-formed short code that no document of the register carries.
 */
export const VERIFY_STATUSES = [
  'valid',
  'tampered',
  'revoked',
  'expired',
  'unknown',
  'mistyped',
  'not_found',
] as const;
export const verifyStatusSchema = z.enum(VERIFY_STATUSES);
export type VerifyStatus = z.infer<typeof verifyStatusSchema>;

/**
 * The signed payload of a document's QR code: deliberately minimal (a printed QR must stay
 * scannable), short claim names. The holder is already masked, as anyone holding the paper can
 * read it without asking the county.
 */
export const signedDocumentClaimsSchema = z.object({
  jti: z.string().min(1).describe('The document id in the register.'),
  k: documentKindSchema.describe('Kind: invoice, receipt, permit...'),
  n: z.string().min(1).describe('The document number (receipt number, bill number, permit number).'),
  h: z.string().describe('The holder, masked (J*** K****).'),
  a: centsSchema.optional().describe('The amount in cents, when the document has one.'),
  iat: z.int().describe('Issued at, seconds since the epoch.'),
  exp: z.int().optional().describe('Expires at, seconds since the epoch, when the document expires.'),
});
export type SignedDocumentClaims = z.infer<typeof signedDocumentClaimsSchema>;

export const verifyQuerySchema = z.object({
  code: z
    .string({ message: 'Enter the verification code or link printed under the QR code' })
    .trim()
    .min(1, { message: 'Enter the verification code or link printed under the QR code' })
    .max(4096, { message: 'That code is too long to be a county verification code' }),
});

/** Extra facts shown on verification; the keys are translated by the web app. */
export const DOCUMENT_FACT_KEYS = [
  'bill_no',
  'application_no',
  'description',
  'business_name',
  'permit_no',
  'vehicle',
  'parcel',
] as const;

export const verifiedDocumentSchema = z
  .object({
    id: z.string(),
    kind: documentKindSchema,
    number: z.string(),
    holder: z.string().describe('The holder name, masked (W****** K*****).'),
    amount_cents: centsSchema.optional(),
    issued_at: z.iso.datetime(),
    expires_at: z.iso.datetime().optional(),
    revoked_at: z.iso.datetime().optional(),
    revocation_reason: z.string().optional(),
    issuer: z.string().describe('The county that issued it.'),
    facts: z
      .record(z.string(), z.string())
      .describe(`Other facts printed on the document; keys among: ${DOCUMENT_FACT_KEYS.join(', ')}.`),
  })
  .meta({ id: 'VerifiedDocument' });
export type VerifiedDocument = z.infer<typeof verifiedDocumentSchema>;

/** `GET /api/verify?code=...`: a document is only described when the county's signature holds. */
export const verifyResponseSchema = z
  .object({
    status: verifyStatusSchema,
    document: verifiedDocumentSchema.optional(),
    checked_at: z.iso.datetime(),
  })
  .meta({ id: 'VerifyResult' });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** A public signing key (`GET /.well-known/jwks.json`). */
export const publicJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) }).meta({ id: 'JWKS' });
export type Jwks = z.infer<typeof jwksSchema>;

// --- staff ID (/everify/s/{qid}/{sid}) ---------------------------------------------------------

/**
 * `valid`: a serving officer; `suspended`: currently suspended, the card must not be accepted;
 * `left`: no longer works for the county; `not_found`: no officer matches this card.
 */
export const STAFF_VERIFY_STATUSES = ['valid', 'suspended', 'left', 'not_found'] as const;

export const staffVerifyParamsSchema = z.object({
  qid: z.string().min(1).max(64),
  sid: z.string().min(1).max(64),
});

export const staffVerifyResponseSchema = z
  .object({
    status: z.enum(STAFF_VERIFY_STATUSES),
    staff: z
      .object({
        staff_no: z.string(),
        name: z.string().describe('In full: county officers are public officers and the card shows it.'),
        department: z.string(),
        designation: z.string(),
      })
      .optional(),
    issuer: z.string(),
    checked_at: z.iso.datetime(),
  })
  .meta({ id: 'StaffVerifyResult' });
export type StaffVerifyResponse = z.infer<typeof staffVerifyResponseSchema>;

// --- national ID (/everify/i/{qid}/{id}) -------------------------------------------------------

/**
 * `registered_verified`: a portal account holds this national ID and its phone is verified;
 * `registered_not_verified`: an account holds it but has not verified its phone;
 * `not_registered`: no account matches this QR code and ID number.
 */
export const IDENTITY_VERIFY_STATUSES = [
  'registered_verified',
  'registered_not_verified',
  'not_registered',
] as const;

export const identityVerifyParamsSchema = z.object({
  qid: z.string().min(1).max(64),
  id: z.string().min(1).max(32),
});

export const identityVerifyResponseSchema = z
  .object({
    status: z.enum(IDENTITY_VERIFY_STATUSES),
    person: z
      .object({
        name: z.string().describe('Masked (J*** K****).'),
        id_number: z.string().describe('The national ID number that was checked.'),
        registered_at: z.iso.datetime(),
      })
      .optional(),
    issuer: z.string(),
    checked_at: z.iso.datetime(),
  })
  .meta({ id: 'IdentityVerifyResult' });
export type IdentityVerifyResponse = z.infer<typeof identityVerifyResponseSchema>;

/** `GET /api/verify/identity/mine`: the signed-in citizen's own verification QR link. */
export const myIdentityQrResponseSchema = z
  .object({ qid: z.string(), url: z.string().describe('`<public URL>/everify/i/{qid}/{id}`') })
  .meta({ id: 'MyIdentityQr' });

// --- demo samples (only when KAUNTI_DEMO_DATA is on) -------------------------------------------

/** `GET /api/verify/samples`: links to the demo records, so a visitor (or a test) can try E-Verify. */
export const verifySamplesResponseSchema = z
  .object({
    documents: z.array(
      z.object({
        kind: documentKindSchema,
        title: z.string().describe('What it is, e.g. "Survey report".'),
        number: z.string(),
        status: verifyStatusSchema,
        url: z.string(),
        short_code: z.string().describe('The short code printed under its QR code, to type on /e-verify.'),
        print_url: z
          .string()
          .nullable()
          .describe('Its public printable page under /downloads/ (issued application documents).'),
        pdf_url: z.string().nullable().describe('Its PDF (issued application documents).'),
      }),
    ),
    staff: z.array(
      z.object({ staff_no: z.string(), status: z.enum(STAFF_VERIFY_STATUSES), url: z.string() }),
    ),
    identities: z.array(
      z.object({ id_number: z.string(), status: z.enum(IDENTITY_VERIFY_STATUSES), url: z.string() }),
    ),
  })
  .meta({ id: 'VerifySamples' });
export type VerifySamplesResponse = z.infer<typeof verifySamplesResponseSchema>;

/**
 * `GET /api/permits/validate?permit_no=`: anyone (a landlord, an inspector, a buyer) checks that a
 * permit number is a permit in force. Public and rate-limited; the answer names no one.
 */
export const permitValidateQuerySchema = z.object({
  permit_no: z
    .string({ error: 'Enter the permit number' })
    .trim()
    .min(1, { message: 'Enter the permit number' })
    .max(64, { message: 'A permit number is at most 64 characters long' }),
});

export const permitValidateResponseSchema = z
  .object({
    permitNo: z
      .string()
      .describe('The number checked, as the register writes it (capitals, no spaces around).'),
    isValid: z
      .boolean()
      .describe(
        'True only for a permit the county issued, not revoked and not expired; false for anything else.',
      ),
  })
  .meta({ id: 'PermitValidation' });
export type PermitValidateResponse = z.infer<typeof permitValidateResponseSchema>;
