import { formatKes } from '@kaunti/contract/money';
import { and, eq } from 'drizzle-orm';
import type { IssuedListener } from '../../core/applications/application-transitions';
import { recordAudit } from '../../core/audit/audit';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { tenancies, tenancyNextOfKin } from './schema';
import { accountByPhone, tenancyNoOf } from './tenancy-reads';
import { COUNTY_RENT } from './waiting-list';

/** What an issued tenancy application does to the tenancy: a transfer, or its next of kin. */
export function createTenancyIssued(standing: StandingChargeService) {
  /**
   * An issued transfer moves the tenancy to the new tenant (decision 036), in the issuing
   * transaction: only from the applicant who still holds it, only with nothing unpaid on it, only
   * to an account. The tenancy's holder and name change (checked and written in one statement),
   * its rent goes with it (`standing.transfer`, which cancels a rent bill still open for the old
   * holder), the old tenant's next of kin is no longer the tenancy's; audited as `tenancy
   * transferred`. A refusal stops the issue with a sentence the officer can act on.
   */
  async function transferTenancy(tx: Db, row: Parameters<IssuedListener>[1]['row']): Promise<void> {
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const tenancyNo = tenancyNoOf(values);
    const [tenancy] = await tx
      .select()
      .from(tenancies)
      .where(eq(tenancies.tenancyNo, tenancyNo))
      .for('update')
      .limit(1);
    if (tenancy?.status !== 'active' || tenancy.userId !== row.userId)
      throw conflict(
        `Tenancy ${tenancyNo} is no longer held by the applicant, so it cannot be transferred.`,
        'tenancy_not_held',
      );
    if (tenancy.obligationId) {
      const obligation = await standing.find(COUNTY_RENT, tenancyNo, tx);
      const summary = obligation ? await standing.summary(obligation, tx) : undefined;
      if (summary && summary.balanceCents > 0)
        throw conflict(
          `${formatKes(summary.balanceCents)} of rent is still unpaid on tenancy ${tenancyNo}: it must be cleared (at /county-rent) before the transfer is issued.`,
          'balance_due',
        );
    }
    const phone = String(values.new_tenant_phone ?? '');
    const newTenant = await accountByPhone(tx, phone);
    if (!newTenant)
      throw conflict(
        'The new tenant has no account of the county portal with the phone number given.',
        'no_account',
      );
    const to = {
      userId: newTenant.id,
      tenantName: String(values.new_tenant_name ?? ''),
      tenantIdNumber: String(values.new_tenant_id_number ?? ''),
      tenantPhone: phone,
    };
    const moved = await tx
      .update(tenancies)
      .set(to)
      .where(
        and(
          eq(tenancies.tenancyNo, tenancyNo),
          eq(tenancies.userId, row.userId),
          eq(tenancies.status, 'active'),
        ),
      )
      .returning({ tenancyNo: tenancies.tenancyNo });
    if (moved.length === 0)
      throw conflict('This tenancy changed meanwhile. Please try again.', 'changed_meanwhile');
    await tx.delete(tenancyNextOfKin).where(eq(tenancyNextOfKin.tenancyNo, tenancyNo));
    const actor = { type: 'system' as const, id: `issue:${row.applicationNo}` };
    if (tenancy.obligationId)
      await standing.transfer(
        tx,
        tenancy.obligationId,
        { userId: to.userId, customerName: to.tenantName },
        actor,
      );
    await recordAudit(tx, {
      actor,
      entityType: 'tenancy',
      entityId: tenancyNo,
      action: 'transferred',
      fromState: tenancy.userId,
      toState: to.userId,
      data: {
        application_no: row.applicationNo,
        from_name: tenancy.tenantName,
        to_name: to.tenantName,
        relationship: values.relationship ?? null,
      },
    });
  }

  /** An issued next-of-kin application records its next of kin on the tenancy (audited). */
  const recordIssued: IssuedListener = async (tx, { row }) => {
    if (row.serviceId === 'tenancy-transfer') return transferTenancy(tx, row);
    if (row.serviceId !== 'next-of-kin') return;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const tenancyNo = tenancyNoOf(values);
    const kin = {
      name: String(values.kin_name ?? ''),
      idNumber: String(values.kin_id_number ?? ''),
      relationship: String(values.relationship ?? ''),
      phone: String(values.kin_phone ?? ''),
      applicationNo: row.applicationNo,
    };
    await tx
      .insert(tenancyNextOfKin)
      .values({ tenancyNo, ...kin })
      .onConflictDoUpdate({ target: tenancyNextOfKin.tenancyNo, set: { ...kin, recordedAt: new Date() } });
    await recordAudit(tx, {
      actor: { type: 'user', id: row.userId },
      entityType: 'tenancy',
      entityId: tenancyNo,
      action: 'next_of_kin_recorded',
      data: { application_no: row.applicationNo, relationship: kin.relationship },
    });
  };

  return { recordIssued };
}
