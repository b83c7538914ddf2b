import { randomBytes } from 'node:crypto';
import type { PrintedDocument } from '@kaunti/catalogue/document-texts';
import type { DocumentKind, DocumentStatus, StaffDocument } from '@kaunti/contract/api-documents';
import {
  type SignedDocumentClaims,
  signedDocumentClaimsSchema,
  type VerifyResponse,
} from '@kaunti/contract/api-verify';
import { maskName } from '@kaunti/contract/masking';
import { newShortCode, readShortCode } from '@kaunti/contract/short-code';
import { readVerifyInput, verifyUrlFor } from '@kaunti/contract/verify-code';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { badRequest, notFound } from '../../platform/errors';
import type { KeyRing } from '../../platform/signing/key-ring';
import { StateMachine } from '../../platform/state-machine';
import { applications } from '../applications/schema';
import { type Actor, recordAudit } from '../audit/audit';
import { bills } from '../bills/schema';
import type { CountyService } from '../county/county-service';
import { type DocumentRow, documents } from './schema';
import { standingOf } from './standing';

/**
 * The register of issued documents and their E-Verify codes.
 *
 * Issuing: `issue()` records the document and signs a minimal claim set (id, kind, number,
 * masked holder, amount, issued, expires) with the active key; the QR code holds
 * `<public URL>/e-verify?code=<token>`. Issuing the same kind and number again returns the
 * document already issued (same id, same token): printing twice prints the same QR code.
 *
 * Verifying: the signature first (a code the county did not sign is `tampered`, and nothing it
 * claims is shown), then the register: not there → `unknown` (a genuine signature for a document
 * the register does not hold: a restored backup or a leaked key, which staff must investigate —
 * not something a holder could cause by editing the code, so it is not called `tampered`);
 * signed facts that differ from the register's → `tampered`; revoked → `revoked`; past its
 * expiry → `expired`; else `valid`.
 *
 * Revoking: staff only, issued → revoked (the transition table below), with an audit row.
 */

export const documentMachine = new StateMachine<DocumentStatus>('document', {
  issued: ['revoked'],
  revoked: [],
});

export interface IssueDocumentInput {
  kind: DocumentKind;
  number: string;
  /** The holder's full name (masked in the QR code and on E-Verify answers). */
  holderName: string;
  /** The holder is not a person (a vehicle): shown as it is, not masked. */
  holderPublic?: boolean;
  ownerUserId?: string | null;
  /** What it is about, e.g. the bill number of a receipt. */
  subject?: string | null;
  amountCents?: number | null;
  /** Other facts to show on verification (see DOCUMENT_FACT_KEYS). */
  facts?: Record<string, string>;
  /** What it prints, filled in from its template (none for invoices and receipts). */
  printed?: PrintedDocument;
  issuedAt?: Date;
  expiresAt?: Date | null;
  actor?: Actor;
  requestId?: string;
}

export interface IssuedDocument {
  document: DocumentRow;
  /** The signed E-Verify code. */
  token: string;
  /** What the QR code holds. */
  verifyUrl: string;
  /** The short verification code printed under the QR code. */
  shortCode: string;
  /** false when the document had been issued before (the same one is returned). */
  created: boolean;
}

export interface DocumentService {
  /** The document's short code (given one now if it was issued before short codes existed). */
  shortCodeOf(row: DocumentRow): Promise<string>;
  /** Records and signs a document; idempotent per kind and number. Pass a transaction as `tx` to issue inside it. */
  issue(input: IssueDocumentInput, tx?: Db): Promise<IssuedDocument>;
  /** Checks a code (or a link carrying one). Never throws for a bad code: it answers `tampered`. */
  verify(code: string, now?: Date): Promise<VerifyResponse>;
  /**
   * Revokes an issued document (409 if it is already revoked, 404 if there is none). `allowed`
   * is asked with the service the document was issued for (null: none known) before anything
   * changes, and refuses with its own error (an officer outside the service's area).
   */
  revoke(
    id: string,
    reason: string,
    actor: Actor,
    requestId?: string,
    allowed?: (serviceId: string | null) => void,
  ): Promise<DocumentRow>;
  /** Registers what happens, in the revoking transaction, when a document is revoked (an area's own record of it). */
  onRevoked(handler: RevokedHandler): void;
  findById(id: string): Promise<DocumentRow | undefined>;
  findByNumber(number: string, kind?: DocumentKind): Promise<DocumentRow[]>;
  /** The staff view of a register row. */
  toStaffView(row: DocumentRow): StaffDocument;
  verifyUrl(token: string): string;
}

/** Runs in the revoking transaction, after the document is marked revoked. */
export type RevokedHandler = (tx: Db, row: DocumentRow, actor: Actor, requestId?: string) => Promise<void>;

export interface DocumentServiceDeps {
  db: Db;
  signer: KeyRing;
  county: CountyService;
  publicUrl: string;
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The holder as E-Verify shows it: a person's name masked (J*** K****), a vehicle as it is. */
const shownHolder = (name: string, holderPublic: boolean) => (holderPublic ? name : maskName(name));

/**
 * The service a document was issued for: the application it is named after (its subject is the
 * application number), else the bill it is about (receipts, invoices, tickets, stickers).
 */
async function serviceOfDocument(tx: Db, row: DocumentRow): Promise<string | null> {
  if (!row.subject) return null;
  const [application] = await tx
    .select({ serviceId: applications.serviceId })
    .from(applications)
    .where(eq(applications.applicationNo, row.subject))
    .limit(1);
  if (application) return application.serviceId;
  const [bill] = await tx
    .select({ serviceId: bills.serviceId })
    .from(bills)
    .where(eq(bills.billNo, row.subject))
    .limit(1);
  return bill?.serviceId ?? null;
}

export function createDocumentService({
  db,
  signer,
  county,
  publicUrl,
}: DocumentServiceDeps): DocumentService {
  const verifyUrl = (token: string) => verifyUrlFor(publicUrl, token);
  const revokedHandlers: RevokedHandler[] = [];

  async function findByKindNumber(
    tx: Db,
    kind: DocumentKind,
    number: string,
  ): Promise<DocumentRow | undefined> {
    const [row] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.kind, kind), eq(documents.number, number)))
      .limit(1);
    return row;
  }

  function describe(row: DocumentRow, issuer: string): NonNullable<VerifyResponse['document']> {
    return {
      id: row.id,
      kind: row.kind,
      number: row.number,
      holder: shownHolder(row.holderName, row.holderPublic),
      ...(row.amountCents === null ? {} : { amount_cents: row.amountCents }),
      issued_at: row.issuedAt.toISOString(),
      ...(row.expiresAt ? { expires_at: row.expiresAt.toISOString() } : {}),
      ...(row.revokedAt ? { revoked_at: row.revokedAt.toISOString() } : {}),
      ...(row.revocationReason ? { revocation_reason: row.revocationReason } : {}),
      issuer,
      facts: row.facts ?? {},
    };
  }

  async function findById(id: string): Promise<DocumentRow | undefined> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return row;
  }

  /** True when the signed claims say what the register says. */
  function claimsMatch(claims: SignedDocumentClaims, row: DocumentRow): boolean {
    return (
      claims.k === row.kind &&
      claims.n === row.number &&
      (claims.a ?? null) === (row.amountCents ?? null) &&
      claims.iat === toSeconds(row.issuedAt) &&
      (claims.exp ?? null) === (row.expiresAt ? toSeconds(row.expiresAt) : null)
    );
  }

  /**
   * A document's short code; one issued before short codes existed gets one now (the same on
   * every later print).
   */
  async function shortCodeOf(tx: Db, row: DocumentRow): Promise<string> {
    if (row.shortCode) return row.shortCode;
    for (let attempt = 0; ; attempt++) {
      const candidate = newShortCode((n) => randomBytes(n));
      try {
        await tx
          .update(documents)
          .set({ shortCode: candidate })
          .where(and(eq(documents.id, row.id), isNull(documents.shortCode)));
      } catch (error) {
        if (attempt < 3) continue; // a clash with another document's code (55 bits: never, in practice)
        throw error;
      }
      const [current] = await tx
        .select({ shortCode: documents.shortCode })
        .from(documents)
        .where(eq(documents.id, row.id));
      return current!.shortCode!;
    }
  }

  return {
    verifyUrl,
    shortCodeOf: (row: DocumentRow) => shortCodeOf(db, row),

    async issue(input, tx = db) {
      const number = input.number.trim();
      const holderName = input.holderName.trim().replace(/\s+/g, ' ');
      // Internal checks (`bad_request`): no route reaches them, the engine issues its own documents.
      if (number === '') throw badRequest('A document needs a number.', 'bad_request');
      if (holderName === '') throw badRequest('A document needs a holder name.', 'bad_request');
      const amount = input.amountCents ?? null;
      if (amount !== null && (!Number.isSafeInteger(amount) || amount < 0)) {
        throw badRequest('A document amount must be a whole, non-negative number of cents.', 'bad_request');
      }

      const existing = await findByKindNumber(tx, input.kind, number);
      if (existing)
        return {
          document: existing,
          token: existing.token,
          verifyUrl: verifyUrl(existing.token),
          shortCode: await shortCodeOf(tx, existing),
          created: false,
        };

      // Whole seconds, so the register and the signed claims say the same instant.
      const issuedAt = new Date(toSeconds(input.issuedAt ?? new Date()) * 1000);
      const expiresAt = input.expiresAt ? new Date(toSeconds(input.expiresAt) * 1000) : null;
      // 9 random bytes (12 characters): short, as it is inside every QR code.
      const id = randomBytes(9).toString('base64url');
      const claims: SignedDocumentClaims = {
        jti: id,
        k: input.kind,
        n: number,
        h: shownHolder(holderName, input.holderPublic ?? false),
        ...(amount === null ? {} : { a: amount }),
        iat: toSeconds(issuedAt),
        ...(expiresAt ? { exp: toSeconds(expiresAt) } : {}),
      };
      const token = await signer.sign(claims);
      const [inserted] = await tx
        .insert(documents)
        .values({
          id,
          shortCode: newShortCode((n) => randomBytes(n)),
          kind: input.kind,
          number,
          ownerUserId: input.ownerUserId ?? null,
          subject: input.subject ?? null,
          holderName,
          holderPublic: input.holderPublic ?? false,
          amountCents: amount,
          facts: input.facts ?? {},
          printed: input.printed ?? null,
          token,
          kid: signer.activeKid(),
          status: 'issued',
          issuedAt,
          expiresAt,
        })
        .onConflictDoNothing({ target: [documents.kind, documents.number] })
        .returning();
      if (!inserted) {
        // Issued at the same moment by another request: theirs stands.
        const winner = await findByKindNumber(tx, input.kind, number);
        if (!winner) throw new Error(`Document ${input.kind} ${number} vanished while being issued`);
        return {
          document: winner,
          token: winner.token,
          verifyUrl: verifyUrl(winner.token),
          shortCode: await shortCodeOf(tx, winner),
          created: false,
        };
      }
      await recordAudit(tx, {
        actor: input.actor ?? { type: 'system' },
        entityType: 'document',
        entityId: id,
        action: 'issue',
        fromState: null,
        toState: 'issued',
        data: { kind: input.kind, number, kid: inserted.kid },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return {
        document: inserted,
        token,
        verifyUrl: verifyUrl(token),
        shortCode: inserted.shortCode!,
        created: true,
      };
    },

    async verify(code, now = new Date()) {
      const checkedAt = now.toISOString();
      const input = readVerifyInput(code);
      if (input.kind !== 'document') return { status: 'tampered', checked_at: checkedAt };
      // A short code typed from under the QR: the register is the authority (nothing is signed).
      const short = readShortCode(input.code);
      if (short.kind === 'mistyped') return { status: 'mistyped', checked_at: checkedAt };
      if (short.kind === 'valid') {
        const [row] = await db.select().from(documents).where(eq(documents.shortCode, short.code)).limit(1);
        if (!row) return { status: 'not_found', checked_at: checkedAt };
        const { name } = await county.get();
        const document = describe(row, name);
        return { status: standingOf(row, now), document, checked_at: checkedAt };
      }
      const outcome = await signer.verify(input.code, now);
      if (outcome.status === 'tampered') return { status: 'tampered', checked_at: checkedAt };
      const claims = signedDocumentClaimsSchema.safeParse(outcome.payload);
      if (!claims.success) return { status: 'tampered', checked_at: checkedAt };

      const row = await findById(claims.data.jti);
      if (!row) return { status: 'unknown', checked_at: checkedAt };
      if (!claimsMatch(claims.data, row)) return { status: 'tampered', checked_at: checkedAt };

      const { name } = await county.get();
      const document = describe(row, name);
      const standing = standingOf(row, now);
      // A token past its own expiry is expired even where the register would still say valid.
      const status = standing === 'valid' && outcome.status === 'expired' ? 'expired' : standing;
      return { status, document, checked_at: checkedAt };
    },

    onRevoked(handler) {
      revokedHandlers.push(handler);
    },

    async revoke(id, reason, actor, requestId, allowed) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(documents).where(eq(documents.id, id)).limit(1).for('update');
        if (!row) throw notFound('There is no document with this id.');
        allowed?.(await serviceOfDocument(tx, row));
        documentMachine.assert(row.status, 'revoked');
        const [updated] = await tx
          .update(documents)
          .set({
            status: 'revoked',
            revokedAt: new Date(),
            revokedBy: actor.type === 'staff' ? actor.id : null,
            revocationReason: reason,
          })
          .where(and(eq(documents.id, id), eq(documents.status, row.status)))
          .returning();
        if (!updated) throw new Error(`Document ${id} changed while being revoked`);
        await recordAudit(tx as unknown as Db, {
          actor,
          entityType: 'document',
          entityId: id,
          action: 'revoke',
          fromState: row.status,
          toState: 'revoked',
          data: { reason },
          ...(requestId ? { requestId } : {}),
        });
        for (const handler of revokedHandlers) await handler(tx, updated, actor, requestId);
        return updated;
      });
    },

    findById,

    async findByNumber(number, kind) {
      return db
        .select()
        .from(documents)
        .where(
          kind ? and(eq(documents.number, number), eq(documents.kind, kind)) : eq(documents.number, number),
        )
        .limit(50);
    },

    toStaffView(row) {
      return {
        id: row.id,
        kind: row.kind,
        number: row.number,
        subject: row.subject,
        holder_name: row.holderName,
        amount_cents: row.amountCents,
        status: row.status,
        kid: row.kid,
        issued_at: row.issuedAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
        revoked_at: row.revokedAt?.toISOString() ?? null,
        revocation_reason: row.revocationReason,
        verify_url: verifyUrl(row.token),
      };
    },
  };
}
