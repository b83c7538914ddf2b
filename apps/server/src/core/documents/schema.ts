import type { PrintedDocument } from '@kaunti/catalogue/document-texts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  type DocumentKind,
  type DocumentStatus,
} from '@kaunti/contract/api-documents';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * The register of every document the county issues (invoices, receipts, permits...). Its QR
 * code carries a signed token naming the row's id; E-Verify checks the signature, then this
 * register (revoked? expired?). A document is issued once per kind and number; its facts never
 * change afterwards — a correction is a revocation and a new document.
 */
/** The shape of a document's id (12 base64url characters; room for older ones): a paged list's key. */
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const documents = pgTable(
  'documents',
  {
    /** Short random id (9 random bytes, 12 base64url characters): it is inside every QR code. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).$type<DocumentKind>().notNull(),
    /** The document's own number: the receipt number, the bill number of an invoice, a permit number. */
    number: text('number').notNull(),
    /** The account it was issued to, when it belongs to one. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it is about, e.g. the bill number of a receipt. */
    subject: text('subject'),
    /** The holder's full name; E-Verify answers show it masked. */
    holderName: text('holder_name').notNull(),
    /**
     * True when the holder is not a person (a daily ticket's "Vehicle KDA 123A"): E-Verify shows
     * it as it is, since masking a plate only hides what the ticket is for.
     */
    holderPublic: boolean('holder_public').notNull().default(false),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Other facts shown on verification (keys: DOCUMENT_FACT_KEYS). */
    facts: jsonb('facts').$type<Record<string, string>>().notNull().default({}),
    /**
     * What it prints (title, facts, tables, wording, conditions), filled in from its catalogue
     * template when it was issued and never changed. Never shown on E-Verify (it holds the
     * holder's details); null for invoices and receipts, which print from their bill.
     */
    printed: jsonb('printed').$type<PrintedDocument>(),
    /** The signed E-Verify token printed as the QR code (kept so every print is the same code). */
    token: text('token').notNull(),
    /**
     * The short verification code printed under the QR code (XXXX-XXXX-XXXX, 55 random bits and
     * a check symbol: contract/short-code.ts), typed on E-Verify without a camera.
     */
    shortCode: text('short_code'),
    /** The signing key that signed the token. */
    kid: text('kid').notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).$type<DocumentStatus>().notNull().default('issued'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The staff member (users.id) who revoked it. */
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revocationReason: text('revocation_reason'),
  },
  (t) => [
    uniqueIndex('documents_kind_number_uq').on(t.kind, t.number),
    uniqueIndex('documents_short_code_uq').on(t.shortCode),
    index('documents_owner_idx').on(t.ownerUserId),
    index('documents_subject_idx').on(t.subject),
    index('documents_number_idx').on(t.number),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
