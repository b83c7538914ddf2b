import type { Bill } from '@kaunti/contract/api-bills';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit';
import { newBillNo } from './bill-number';
import type { BillRow, RaiseBillInput } from './bill-types';
import { accountName, toApi } from './bill-views';
import { kenyaDatePlusDays } from './kenya-date';
import { billLines, bills } from './schema';

/** Raising a bill: its lines, a free number, whom it is addressed to, audited. */
export function createBillRaising(prefix: string) {
  return {
    /**
     * Raises a bill in the given transaction (or db). Lines with a zero amount are kept off; a
     * bill with nothing to pay is refused (the caller should not raise one).
     */
    async raise(tx: Db, input: RaiseBillInput): Promise<Bill> {
      const lines = input.lines.filter((l) => l.amount_cents !== 0);
      for (const line of lines) {
        if (!Number.isSafeInteger(line.amount_cents) || line.amount_cents < 0) {
          throw new Error(`A bill line must be a whole, non-negative number of cents: ${line.description}`);
        }
      }
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      if (total <= 0) throw new AppError(400, 'nothing_to_pay', 'There is nothing to pay.');
      let row: BillRow | undefined;
      // A random number can collide with an existing one: try again with another.
      for (let attempt = 0; attempt < 8 && !row; attempt++) {
        [row] = await tx
          .insert(bills)
          .values({
            billNo: newBillNo(prefix),
            userId: input.userId,
            applicationId: input.applicationId ?? null,
            applicationNo: input.applicationNo ?? null,
            serviceId: input.serviceId ?? null,
            sourceKey: input.sourceKey ?? null,
            subCountyCode: input.subCountyCode ?? null,
            customerName: input.customerName ?? (await accountName(tx, input.userId)),
            status: 'unpaid',
            description: input.description,
            descriptionSw: input.descriptionSw ?? null,
            totalCents: total,
            dueDate: input.dueDate ?? kenyaDatePlusDays(30),
          })
          .onConflictDoNothing({ target: bills.billNo })
          .returning();
      }
      if (!row) throw new Error('Could not find a free bill number.');
      const lineRows = await tx
        .insert(billLines)
        .values(
          lines.map((l, position) => ({
            billId: row.id,
            position,
            amountCents: l.amount_cents,
            description: l.description,
            descriptionSw: l.description_sw ?? null,
            parcel: l.parcel,
            code: l.code ?? null,
          })),
        )
        .returning();
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'raised',
        toState: 'unpaid',
        data: {
          total_cents: total,
          application_id: input.applicationId ?? null,
          source_key: input.sourceKey ?? null,
        },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return toApi(row, lineRows, input.answerIn ?? 'en');
    },
  };
}
