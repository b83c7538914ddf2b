import { eq } from 'drizzle-orm';
import type { StatusListener } from '../../core/applications/application-transitions';
import { bills } from '../../core/bills/schema';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import { tenancies } from './schema';
import { TENANCY_SERVICES, tenancyNoOf } from './tenancy-reads';

/** What a tenancy service's bill carries of the tenancy's unpaid rent. */
export function createRentCarried(standing: StandingChargeService) {
  /**
   * As the bill of a tenancy service waits for payment, the rent is told what it carries; once it
   * is paid, what it carried of the tenancy's unpaid rent
   * (`arrears_cents`, decision 036) is counted into the rent's ledger, oldest months first — once
   * per application, whatever moves follow.
   */
  const settleCarried: StatusListener = async (tx, { row, from, to }) => {
    if (!TENANCY_SERVICES.has(row.serviceId) || !row.billNo) return;
    // Waiting for payment (just submitted), or leaving it for payment: cancelled unpaid (by the
    // applicant, or with its bill) carries nothing any more.
    const waits = from === 'submitted' && to === 'awaiting_payment';
    if (!waits && (from !== 'awaiting_payment' || to === 'cancelled')) return;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const carried = Number(values.arrears_cents ?? 0);
    if (!Number.isSafeInteger(carried) || carried <= 0) return;
    const tenancyNo = tenancyNoOf(values);
    const [tenancy] = await tx
      .select({ obligationId: tenancies.obligationId })
      .from(tenancies)
      .where(eq(tenancies.tenancyNo, tenancyNo));
    if (!tenancy?.obligationId) return;
    // The rent is told that this bill carries its arrears: its own bill and a payment plan leave
    // them to it while it is open (decision 028), so the same months are never asked for twice.
    if (waits) {
      await standing.carry(tx, tenancy.obligationId, {
        amountCents: carried,
        billNo: row.billNo,
        reference: row.applicationNo,
        actor: { type: 'system', id: `application:${row.applicationNo}` },
      });
      return;
    }
    // And only once its bill is paid in full (what moved it on).
    const [bill] = await tx
      .select({ status: bills.status })
      .from(bills)
      .where(eq(bills.billNo, row.billNo))
      .limit(1);
    if (bill?.status !== 'paid') return;
    await standing.settleFrom(tx, tenancy.obligationId, {
      amountCents: carried,
      billNo: row.billNo,
      reference: row.applicationNo,
      actor: { type: 'system', id: `bill:${row.billNo}` },
    });
  };

  return { settleCarried };
}
