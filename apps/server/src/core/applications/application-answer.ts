import { findService } from '@kaunti/catalogue/catalogue';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type { ApplicationDetail } from '@kaunti/contract/api-applications';
import { formatKes } from '@kaunti/contract/money';
import { eq } from 'drizzle-orm';
import { conflict, notFound } from '../../platform/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { paidTowards } from './application-money';
import type { ApplicationParts } from './application-types';
import { priceService } from './fees';
import { applications } from './schema';
import { invalid } from './submission-checks';

/** The applicant answers a request for more information: checked, priced again and moved on. */
export function createApplicationAnswer(deps: ApplicationParts) {
  const { db, bills, bookings } = deps;
  const { checkValues } = deps.checks;
  const { lockApplication, transition } = deps.transitions;
  const { detail, findOwned } = deps.views;
  return {
    /**
     * The applicant answers a request for more information: the fields asked about change (the
     * rest is kept), the whole application is checked again and priced as a submission is, and
     * it goes back to review with the applicant's message in its history — or, when the answers
     * cost more than was paid, waits for a supplementary bill of the difference (then review);
     * paid beyond the new price is recorded as `refund_due_cents`.
     */
    async answer(
      userId: string,
      applicationNo: string,
      input: { values: Record<string, unknown>; message?: string | undefined },
      requestId?: string,
    ): Promise<ApplicationDetail> {
      const row = await findOwned(userId, applicationNo);
      if (row.status !== 'needs_info')
        throw conflict(
          'This application is not waiting for more information from you.',
          'illegal_transition',
        );
      const service = findService(row.serviceId);
      if (!service) throw notFound('This service is not available.');
      const names = new Set(fieldsOf(service).map((f) => f.name));
      const unknown = Object.keys(input.values).filter((name) => !names.has(name));
      if (unknown.length > 0)
        invalid(unknown.map((name) => ({ path: name, message: 'This is not a field of this application.' })));
      const { values, labels, labelsSw } = await checkValues(service, userId, {
        ...row.values,
        ...input.values,
      });
      bookings.check(service, values);
      // The answers are priced by the same rule and tariff as a submission (issue 36 item 1).
      const price = (await priceService(db, service, values)).reduce((sum, l) => sum + l.amount_cents, 0);
      const changed = Object.keys(input.values);
      const actor: Actor = { type: 'user', id: userId };
      await db.transaction(async (tx) => {
        const locked = await lockApplication(tx, eq(applications.id, row.id));
        if (locked?.status !== 'needs_info')
          throw conflict(
            'This application is not waiting for more information from you.',
            'illegal_transition',
          );
        // A booking answered anew holds its new days or slot, or the answer is refused (409).
        await bookings.reclaim(tx, service, values, row.id);
        const paid = await paidTowards(tx, row.id);
        const due = price - paid;
        await tx
          .update(applications)
          .set({
            values,
            valueLabels: labels,
            valueLabelsSw: labelsSw,
            feeCents: price,
            refundDueCents: Math.max(0, -due),
          })
          .where(eq(applications.id, row.id));
        await recordAudit(tx, {
          actor,
          entityType: 'application',
          entityId: row.applicationNo,
          action: 'answered',
          data: { changed, fee_cents: price, paid_cents: paid },
          ...(requestId ? { requestId } : {}),
        });
        const note = input.message?.trim() || 'The applicant answered.';
        if (due <= 0) {
          await transition(tx, locked, 'needs_info', 'under_review', actor, {
            note:
              due < 0 ? `${note} ${formatKes(-due)} paid beyond the new price is due for a refund.` : note,
            requestId,
          });
          return;
        }
        // More is due: a supplementary bill for the difference, and it waits until that is paid.
        const bill = await bills.raise(tx, {
          userId,
          description: `${service.title}: application ${row.applicationNo}, the balance after your answer`,
          descriptionSw: `${service.texts?.sw?.title || service.title}: ombi ${row.applicationNo}, salio baada ya jibu lako`,
          lines: [
            {
              description: `Balance after the answer: ${formatKes(price)} less ${formatKes(paid)} paid`,
              description_sw: `Salio baada ya jibu: ${formatKes(price)} ukiondoa ${formatKes(paid)} zilizolipwa`,
              amount_cents: due,
              parcel: null,
            },
          ],
          applicationId: row.id,
          applicationNo: row.applicationNo,
          serviceId: service.id,
          sourceKey: null,
          subCountyCode: typeof values.sub_county_code === 'string' ? values.sub_county_code : null,
          actor,
          ...(requestId ? { requestId } : {}),
        });
        await tx.update(applications).set({ billNo: bill.bill_no }).where(eq(applications.id, row.id));
        await transition(tx, locked, 'needs_info', 'awaiting_payment', actor, {
          note: `${note} ${formatKes(due)} more is due: bill ${bill.bill_no}.`,
          requestId,
        });
      });
      return detail(await findOwned(userId, applicationNo));
    },
  };
}
