import { findService, servicesOf } from '@kaunti/catalogue/catalogue';
import { isRenewable, type ServiceDefinition } from '@kaunti/catalogue/definition';
import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import type { MyPermit } from '@kaunti/contract/api-business';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import type { ApplicationService } from '../../core/applications/application-service';
import type { IssuedListener } from '../../core/applications/application-transitions';
import { applications } from '../../core/applications/schema';
import { recordAudit } from '../../core/audit/audit';
import { kenyaDate } from '../../core/bills/kenya-date';
import { bills } from '../../core/bills/schema';
import type { DocumentService } from '../../core/documents/document-service';
import {
  DAY_MS,
  permitStateOf,
  REMINDER_DAYS,
  renewalOpensAt,
  tooEarlyToRenew,
} from '../../core/documents/renewal';
import { documents } from '../../core/documents/schema';
import { claimReminder } from '../../core/renewals/reminder-claim';
import type { Db } from '../../platform/db/database';
import { after, byteOrder, type Position, type Positioned, positionAt } from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { detailsOf } from './business-service';
import { businessClaims, businesses, businessPermits } from './schema';

const BUSINESS_SERVICE_IDS = () => servicesOf('business').map((s) => s.id);

/**
 * A business's permits and certificates: recorded when one is issued, listed on /permits with
 * what may be done with each (print, verify, renew), renewed from last year's answers, and
 * reminded of by SMS 30 and 7 days before they expire — each reminder once, whichever
 * instance's job runs (a row per permit and threshold).
 */
export function createPermits(deps: {
  db: Db;
  applications: Pick<ApplicationService, 'submit'>;
  links: Pick<ApplicationDocuments, 'link'>;
  documents: Pick<DocumentService, 'shortCodeOf'>;
  sms: SmsGateway;
  publicUrl: string;
  countyName: () => Promise<string>;
}) {
  const { db } = deps;

  /**
   * Called in the issuing transaction: the permit is recorded against its business. A business
   * nobody holds yet (a KRA PIN the register does not know) is held from now on by whoever paid
   * its first permit (decision 029: audited, unheld → held). One another account came to hold
   * meanwhile is not theirs to print on: the permit stays the payer's document, and a claim to
   * act for the business is filed for a business officer to decide.
   */
  const recordIssued: IssuedListener = async (tx, { row, document }) => {
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const kraPin = values.kra_pin;
    if (typeof kraPin !== 'string' || !document.expiresAt) return;
    const actor = { type: 'user' as const, id: row.userId };
    let [business] = await tx.select().from(businesses).where(eq(businesses.kraPin, kraPin)).for('update');
    if (!business) {
      [business] = await tx
        .insert(businesses)
        .values({ ...detailsOf(values), kraPin, userId: row.userId })
        .onConflictDoNothing({ target: businesses.kraPin })
        .returning();
      if (!business) [business] = await tx.select().from(businesses).where(eq(businesses.kraPin, kraPin));
      else
        await recordAudit(tx, {
          actor,
          entityType: 'business',
          entityId: business.id,
          action: 'held',
          fromState: null,
          toState: 'held',
          data: { kra_pin: kraPin, by: 'first permit paid', application_no: row.applicationNo },
        });
    }
    if (!business) return;
    if (!business.userId) {
      const [held] = await tx
        .update(businesses)
        .set({ ...detailsOf(values), userId: row.userId, updatedAt: new Date() })
        .where(and(eq(businesses.id, business.id), isNull(businesses.userId)))
        .returning();
      if (held) {
        business = held;
        await recordAudit(tx, {
          actor,
          entityType: 'business',
          entityId: business.id,
          action: 'held',
          fromState: 'unheld',
          toState: 'held',
          data: { kra_pin: kraPin, by: 'first permit paid', application_no: row.applicationNo },
        });
      }
    }
    if (business.userId !== row.userId) {
      const [claim] = await tx
        .insert(businessClaims)
        .values({
          businessId: business.id,
          userId: row.userId,
          status: 'pending',
          applicationNo: row.applicationNo,
        })
        .onConflictDoNothing()
        .returning({ id: businessClaims.id });
      if (claim)
        await recordAudit(tx, {
          actor,
          entityType: 'business_claim',
          entityId: claim.id,
          action: 'claimed',
          toState: 'pending',
          data: { kra_pin: kraPin, application_no: row.applicationNo, by: 'permit paid' },
        });
      return;
    }
    // The permit it renews (the latest of the same service before it) is followed by this one.
    await tx
      .update(businessPermits)
      .set({ renewedBy: document.id })
      .where(
        and(
          eq(businessPermits.businessId, business.id),
          eq(businessPermits.serviceId, row.serviceId),
          isNull(businessPermits.renewedBy),
        ),
      );
    await tx
      .insert(businessPermits)
      .values({
        documentId: document.id,
        businessId: business.id,
        serviceId: row.serviceId,
        applicationNo: row.applicationNo,
        issuedAt: document.issuedAt,
        expiresAt: document.expiresAt,
      })
      .onConflictDoNothing();
  };

  /**
   * The user's permits and certificates (every business they hold), newest expiry first: `limit`
   * after `position` (expiry, then document id in byte order), each with its position.
   */
  async function listed(
    userId: string,
    position: Position | undefined,
    limit: number,
    serviceIds: string[] = BUSINESS_SERVICE_IDS(),
  ): Promise<Positioned<MyPermit>[]> {
    const rows = await db
      .select({
        permit: businessPermits,
        document: documents,
        business: businesses,
        at: positionAt(businessPermits.expiresAt),
      })
      .from(businessPermits)
      .innerJoin(businesses, eq(businesses.id, businessPermits.businessId))
      .innerJoin(documents, eq(documents.id, businessPermits.documentId))
      .where(
        and(
          eq(businesses.userId, userId),
          inArray(businessPermits.serviceId, serviceIds),
          after(businessPermits.expiresAt, byteOrder(businessPermits.documentId), position),
        ),
      )
      .orderBy(desc(businessPermits.expiresAt), desc(byteOrder(businessPermits.documentId)))
      .limit(limit);
    const now = Date.now();
    return rows.map(({ permit, document, business, at }) => {
      const service = findService(permit.serviceId);
      const state = permitStateOf(document.status, permit.renewedBy, permit.expiresAt, now);
      const renewable = service ? isRenewable(service) : false;
      const item: MyPermit = {
        permitNo: document.number,
        service_id: permit.serviceId,
        service_title: service?.title ?? permit.serviceId,
        business_name: business.name,
        kra_pin: business.kraPin,
        issued_at: permit.issuedAt.toISOString(),
        expires_at: permit.expiresAt.toISOString(),
        state,
        days_left: Math.ceil((permit.expiresAt.getTime() - now) / DAY_MS),
        renewable: renewable && (state === 'expiring' || state === 'expired'),
        renewable_from: renewable ? kenyaDate(renewalOpensAt(permit.expiresAt)) : null,
        short_code: document.shortCode,
        document: deps.links.link(document),
      };
      return { position: { at, key: permit.documentId }, item };
    });
  }

  return {
    recordIssued,
    listed: (userId: string, position: Position | undefined, limit: number) =>
      listed(userId, position, limit),
    /** For the renewal engine (core/renewals): the area's own services are kept by their business. */
    holds: (service: Pick<ServiceDefinition, 'area'>) => service.area === 'business',

    /**
     * Renews one of the user's permits: a new application of the same service with last year's
     * answers (the engine checks them again, prices them — with the late penalty after the expiry
     * — and raises the bill; paying it issues the new permit). Before the window: 409.
     */
    async renew(userId: string, documentId: string, requestId?: string): Promise<ApplicationSubmitted> {
      const [found] = await db
        .select({ permit: businessPermits, document: documents, values: applications.values })
        .from(businessPermits)
        .innerJoin(businesses, eq(businesses.id, businessPermits.businessId))
        .innerJoin(documents, eq(documents.id, businessPermits.documentId))
        .innerJoin(applications, eq(applications.applicationNo, businessPermits.applicationNo))
        .where(and(eq(businessPermits.documentId, documentId), eq(businesses.userId, userId)))
        .limit(1);
      if (!found) throw notFound('We could not find that permit among yours.');
      const service = findService(found.permit.serviceId);
      if (!service || !isRenewable(service))
        throw conflict('This document is not renewed: apply for a new one instead.', 'not_renewable');
      if (found.document.status === 'revoked')
        throw conflict(
          'This permit was revoked. Apply for a new one, or ask the county why it was revoked.',
          'document_revoked',
        );
      if (found.permit.renewedBy) throw conflict('This permit has already been renewed.', 'already_renewed');
      if (Date.now() < renewalOpensAt(found.permit.expiresAt).getTime())
        throw conflict(tooEarlyToRenew('This permit', found.permit.expiresAt), 'renewal_not_open');
      return deps.applications.submit({
        user: { id: userId },
        serviceId: service.id,
        payload: found.values ?? {},
        ...(requestId ? { requestId } : {}),
      });
    },

    /**
     * The reminders due now: each permit in force, not renewed, expiring within a threshold,
     * gets the SMS of the nearest threshold once (rows for the further ones are written too, so
     * a permit first seen 5 days before its expiry is not also told "30 days").
     */
    async sendReminders(now: Date = new Date()): Promise<number> {
      const horizon = new Date(now.getTime() + Math.max(...REMINDER_DAYS) * DAY_MS);
      const due = await db
        .select({ permit: businessPermits, document: documents, business: businesses })
        .from(businessPermits)
        .innerJoin(businesses, eq(businesses.id, businessPermits.businessId))
        .innerJoin(documents, eq(documents.id, businessPermits.documentId))
        .where(
          and(
            gt(businessPermits.expiresAt, now),
            lte(businessPermits.expiresAt, horizon),
            isNull(businessPermits.renewedBy),
            ne(documents.status, 'revoked'),
          ),
        );
      let sent = 0;
      const county = due.length > 0 ? await deps.countyName() : '';
      for (const { permit, document, business } of due) {
        const daysLeft = await claimReminder(db, permit.documentId, permit.expiresAt, now);
        if (daysLeft === undefined) continue;
        const phone = business.phone;
        if (!phone) continue;
        const result = await deps.sms.send(
          phone,
          `${county}: permit ${document.number} of ${business.name} expires on ${formatDocumentDate(permit.expiresAt)} (${daysLeft} day${daysLeft === 1 ? '' : 's'}). Renew it at ${deps.publicUrl}/permits`,
        );
        if (result.accepted) sent += 1;
      }
      return sent;
    },

    /** Pest control at a glance: what the user owes on it, their applications and certificates. */
    async pestControlSummary(userId: string) {
      const [unpaid, apps, certificates] = await Promise.all([
        db
          .select({
            billNo: bills.billNo,
            description: bills.description,
            balance: sql<number>`(${bills.totalCents} - ${bills.paidCents})::int`,
          })
          .from(bills)
          .where(
            and(
              eq(bills.userId, userId),
              eq(bills.serviceId, 'pest-control'),
              inArray(bills.status, ['unpaid', 'partially_paid']),
            ),
          ),
        db
          .select({
            applicationNo: applications.applicationNo,
            status: applications.status,
            reference: applications.reference,
            createdAt: applications.createdAt,
          })
          .from(applications)
          .where(and(eq(applications.userId, userId), eq(applications.serviceId, 'pest-control')))
          .orderBy(desc(applications.createdAt))
          .limit(100),
        listed(userId, undefined, 200, ['pest-control']).then((rows) => rows.map((r) => r.item)),
      ]);
      return {
        balance_cents: unpaid.reduce((sum, b) => sum + Number(b.balance), 0),
        unpaid_bills: unpaid.map((b) => ({
          bill_no: b.billNo,
          description: b.description,
          balance_cents: Number(b.balance),
        })),
        applications: apps.map((a) => ({
          application_no: a.applicationNo,
          status: a.status,
          business_name: a.reference,
          submitted_at: a.createdAt.toISOString(),
        })),
        certificates,
      };
    },
  };
}
export type Permits = ReturnType<typeof createPermits>;
