import { findService } from '@kaunti/catalogue/catalogue';
import { isRenewable, type ServiceDefinition } from '@kaunti/catalogue/definition';
import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import type { MyPermit } from '@kaunti/contract/api-business';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { and, desc, eq, gt, isNull, like, lte, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import {
  after,
  byteOrder,
  mergedPage,
  type Page,
  type PageQuery,
  type Position,
  type Positioned,
  positionAt,
  positionOf,
} from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { users } from '../accounts/schema';
import type { ApplicationDocuments } from '../applications/application-documents';
import type { ApplicationService } from '../applications/application-service';
import type { StatusListener } from '../applications/application-transitions';
import { applications } from '../applications/schema';
import { kenyaDate } from '../bills/kenya-date';
import { bills } from '../bills/schema';
import { DAY_MS, permitStateOf, REMINDER_DAYS, renewalOpensAt, tooEarlyToRenew } from '../documents/renewal';
import { DOCUMENT_ID, documents } from '../documents/schema';
import { claimReminder } from './reminder-claim';
import { renewableDocuments } from './schema';

/**
 * An area that keeps some renewable documents against something of its own (the business area: a
 * business's permits, whoever holds the business). The engine lists, renews and reminds of them
 * through it; every other renewable document is the account's that applied for it.
 */
export interface RenewalHolder {
  /** True for a service whose documents this holder keeps. */
  holds(service: ServiceDefinition): boolean;
  /**
   * The user's documents it keeps, as /permits lists them: at most `limit` after `position`, in
   * the list's order (expiry, then document id in byte order, both descending), each with its
   * position (`platform/db/pages.ts`).
   */
  listed(userId: string, position: Position | undefined, limit: number): Promise<Positioned<MyPermit>[]>;
  /** Renews one of the user's documents it keeps (a 404 when it keeps no such one of theirs). */
  renew(userId: string, documentId: string, requestId?: string): Promise<ApplicationSubmitted>;
  /** Its reminders due now (each once): how many were sent. */
  sendReminders(now?: Date): Promise<number>;
}

/** The bill of a renewal names the document it renews (one open renewal bill per document). */
const RENEWAL_OBLIGATION = 'renewal:';

/** A renewal asked again while the first waits for payment or review. */
export const RENEWAL_UNDER_WAY =
  'This licence is already being renewed: its application is waiting for payment or for the county. See your applications.';

/** Applications that no longer lead to a document (a renewal of the same may be asked again). */
const CLOSED = ['cancelled', 'rejected', 'issued'] as const;

const REMINDER_SMS: Record<
  AccountLanguage,
  (a: {
    county: string;
    title: string;
    number: string;
    holder: string;
    on: string;
    days: number;
    url: string;
  }) => string
> = {
  en: (a) =>
    `${a.county}: your ${a.title} ${a.number} (${a.holder}) expires on ${a.on} (${a.days} day${a.days === 1 ? '' : 's'}). Renew it at ${a.url}/permits`,
  sw: (a) =>
    `${a.county}: ${a.title} yako ${a.number} (${a.holder}) inaisha tarehe ${a.on} (siku ${a.days}). Ifanye upya kwenye ${a.url}/permits`,
};

/**
 * Renewable documents (decision 040): every service whose definition is `renewable` has what it
 * issues listed on /permits with print, verify and renew, renewed from 30 days before its expiry
 * as a new application of the same service with last year's answers (checked and priced again:
 * a bill like any application's), and reminded of by SMS 30 and 7 days before it expires — each
 * reminder once, whichever instance runs the job (`permit_reminders`). A holder area keeps its
 * own (the business area's permits); the rest are the applying account's, kept here.
 */
export function createRenewals(deps: {
  db: Db;
  applications: Pick<ApplicationService, 'submit' | 'onStatusChanged'>;
  links: Pick<ApplicationDocuments, 'link'>;
  sms: SmsGateway;
  publicUrl: string;
  countyName: () => Promise<string>;
}) {
  const { db } = deps;
  const holders: RenewalHolder[] = [];
  const heldElsewhere = (service: ServiceDefinition) => holders.some((h) => h.holds(service));

  /**
   * In the issuing transaction: a renewable document nobody else keeps is the account's. When
   * its application renews one (its bill names it), that one is followed by it from now on.
   */
  const recordIssued: StatusListener = async (tx, { row, to, document }) => {
    if (to !== 'issued' || !document?.expiresAt) return;
    const service = findService(row.serviceId);
    if (!service || !isRenewable(service) || heldElsewhere(service)) return;
    const [renewal] = await tx
      .select({ sourceKey: bills.sourceKey })
      .from(bills)
      .where(and(eq(bills.applicationId, row.id), like(bills.sourceKey, `${RENEWAL_OBLIGATION}%`)))
      .limit(1);
    const renews = renewal?.sourceKey?.slice(RENEWAL_OBLIGATION.length);
    if (renews)
      await tx
        .update(renewableDocuments)
        .set({ renewedBy: document.id })
        .where(
          and(
            eq(renewableDocuments.documentId, renews),
            eq(renewableDocuments.userId, row.userId),
            isNull(renewableDocuments.renewedBy),
          ),
        );
    await tx
      .insert(renewableDocuments)
      .values({
        documentId: document.id,
        userId: row.userId,
        serviceId: row.serviceId,
        applicationNo: row.applicationNo,
        issuedAt: document.issuedAt,
        expiresAt: document.expiresAt,
      })
      .onConflictDoNothing();
  };
  deps.applications.onStatusChanged(recordIssued);

  /** The account's own renewable documents, newest expiry first (`limit` after `position`). */
  async function ownOf(
    userId: string,
    position: Position | undefined,
    limit: number,
  ): Promise<Positioned<MyPermit>[]> {
    const rows = await db
      .select({ held: renewableDocuments, document: documents, at: positionAt(renewableDocuments.expiresAt) })
      .from(renewableDocuments)
      .innerJoin(documents, eq(documents.id, renewableDocuments.documentId))
      .where(
        and(
          eq(renewableDocuments.userId, userId),
          after(renewableDocuments.expiresAt, byteOrder(renewableDocuments.documentId), position),
        ),
      )
      .orderBy(desc(renewableDocuments.expiresAt), desc(byteOrder(renewableDocuments.documentId)))
      .limit(limit);
    const now = Date.now();
    return rows.map(({ held, document, at }) => {
      const state = permitStateOf(document.status, held.renewedBy, held.expiresAt, now);
      const item: MyPermit = {
        permitNo: document.number,
        service_id: held.serviceId,
        service_title: findService(held.serviceId)?.title ?? held.serviceId,
        business_name: document.holderName,
        kra_pin: null,
        issued_at: held.issuedAt.toISOString(),
        expires_at: held.expiresAt.toISOString(),
        state,
        days_left: Math.ceil((held.expiresAt.getTime() - now) / DAY_MS),
        renewable: state === 'expiring' || state === 'expired',
        renewable_from: kenyaDate(renewalOpensAt(held.expiresAt)),
        short_code: document.shortCode,
        document: deps.links.link(document),
      };
      return { position: { at, key: held.documentId }, item };
    });
  }

  /**
   * Every renewable document of the user — the holders' and their own — newest expiry first, a
   * page at a time: each source read `limit + 1` after the cursor's position, merged.
   */
  async function page(userId: string, query: PageQuery = {}): Promise<Page<MyPermit>> {
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const position = positionOf(query.cursor, DOCUMENT_ID);
    const sources = await Promise.all([
      ...holders.map((h) => h.listed(userId, position, limit + 1)),
      ownOf(userId, position, limit + 1),
    ]);
    return mergedPage(sources, limit);
  }

  /** Renews one of the account's own documents (see `renew`). */
  async function renewOwn(
    userId: string,
    found: { held: typeof renewableDocuments.$inferSelect; status: string; values: unknown },
    requestId?: string,
  ): Promise<ApplicationSubmitted> {
    const { held } = found;
    if (found.status === 'revoked')
      throw conflict(
        'This licence was revoked. Apply for a new one, or ask the county why it was revoked.',
        'document_revoked',
      );
    if (held.renewedBy) throw conflict('This licence has already been renewed.', 'already_renewed');
    if (Date.now() < renewalOpensAt(held.expiresAt).getTime())
      throw conflict(tooEarlyToRenew('This licence', held.expiresAt), 'renewal_not_open');
    const obligation = `${RENEWAL_OBLIGATION}${held.documentId}`;
    // A renewal paid and waiting for the county's review is not asked for twice.
    const [open] = await db
      .select({ applicationNo: applications.applicationNo })
      .from(bills)
      .innerJoin(applications, eq(applications.id, bills.applicationId))
      .where(and(eq(bills.sourceKey, obligation), notInArray(applications.status, [...CLOSED])))
      .limit(1);
    if (open) throw conflict(RENEWAL_UNDER_WAY, 'renewal_under_way');
    return deps.applications.submit({
      user: { id: userId },
      serviceId: held.serviceId,
      payload: found.values ?? {},
      obligation,
      ...(requestId ? { requestId } : {}),
    });
  }

  /** The account's own reminders due now (see `sendReminders`). */
  async function remindOwn(now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS);
    const due = await db
      .select({
        held: renewableDocuments,
        number: documents.number,
        holder: documents.holderName,
        phone: users.phoneNumber,
        language: users.language,
      })
      .from(renewableDocuments)
      .innerJoin(documents, eq(documents.id, renewableDocuments.documentId))
      .innerJoin(users, eq(users.id, renewableDocuments.userId))
      .where(
        and(
          gt(renewableDocuments.expiresAt, now),
          lte(renewableDocuments.expiresAt, horizon),
          isNull(renewableDocuments.renewedBy),
          ne(documents.status, 'revoked'),
        ),
      );
    let sent = 0;
    const county = due.length > 0 ? await deps.countyName() : '';
    for (const { held, number, holder, phone, language } of due) {
      const daysLeft = await claimReminder(db, held.documentId, held.expiresAt, now);
      if (daysLeft === undefined) continue;
      const service = findService(held.serviceId);
      const lang: AccountLanguage = language === 'sw' ? 'sw' : 'en';
      const title =
        (lang === 'sw' ? service?.texts?.sw?.title : undefined) || service?.title || held.serviceId;
      const result = await deps.sms.send(
        phone,
        REMINDER_SMS[lang]({
          county,
          title,
          number,
          holder,
          on: formatDocumentDate(held.expiresAt),
          days: daysLeft,
          url: deps.publicUrl,
        }),
      );
      if (result.accepted) sent += 1;
    }
    return sent;
  }

  return {
    recordIssued,

    /** An area keeps some renewable documents itself (the business area's permits). */
    addHolder(holder: RenewalHolder): void {
      holders.push(holder);
    },

    page,

    /** The user's newest 500 renewable documents (what USSD offers to renew). */
    async mine(userId: string): Promise<MyPermit[]> {
      return (await page(userId, { limit: MAX_PAGE_LIMIT })).data;
    },

    /**
     * Renews one of the user's documents: a new application of the same service with last year's
     * answers (checked and priced again; paying its bill issues the new document, which the old
     * one is followed by). Another account's, or an unknown one: 404. Before the window: 409.
     */
    async renew(userId: string, documentId: string, requestId?: string): Promise<ApplicationSubmitted> {
      const [own] = await db
        .select({ held: renewableDocuments, status: documents.status, values: applications.values })
        .from(renewableDocuments)
        .innerJoin(documents, eq(documents.id, renewableDocuments.documentId))
        .innerJoin(applications, eq(applications.applicationNo, renewableDocuments.applicationNo))
        .where(and(eq(renewableDocuments.documentId, documentId), eq(renewableDocuments.userId, userId)))
        .limit(1);
      if (own) return renewOwn(userId, own, requestId);
      for (const holder of holders) {
        try {
          return await holder.renew(userId, documentId, requestId);
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode !== 404) throw error;
        }
      }
      throw notFound('We could not find that permit among yours.');
    },

    /** The reminders due now, the holders' and the accounts' own: how many were sent. */
    async sendReminders(now: Date = new Date()): Promise<number> {
      let sent = await remindOwn(now);
      for (const holder of holders) sent += await holder.sendReminders(now);
      return sent;
    },
  };
}
export type Renewals = ReturnType<typeof createRenewals>;
