import type { Bill } from '@kaunti/contract/api-bills';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, conflict } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import type { BillLanguage, BillService } from './bill-service';
import {
  cancelOpenBill,
  carriedOf,
  ledgerOf,
  loadOwned,
  monthName,
  sourceKeyOf,
  termsOf,
} from './standing-ledger';
import { billLinesFor } from './standing-rule';

/** Asked for a bill of what another open bill carries (its Kiswahili: locales/sw/messages.json). */
export const BALANCE_ON_ANOTHER_BILL =
  'What is owed is already on another bill waiting for payment (see My bills): please pay that bill, or cancel the application that raised it.';

/** A bill of an obligation's balance and months ahead, replacing its open one. */
export function createStandingBilling(db: Db, bills: BillService) {
  return {
    /**
     * A bill of the obligation's balance and `monthsAhead` months after those raised (0: the
     * balance only), one line per month, oldest first. It replaces the obligation's open bill
     * (cancelled, keeping what it was paid).
     */
    async billFor(
      obligationId: string,
      monthsAhead: number,
      actor: Actor,
      requestId?: string,
      /** The language of the answer (the asker's, as GET /api/bills answers): both are kept. */
      answerIn: BillLanguage = 'en',
    ): Promise<Bill> {
      if (!Number.isInteger(monthsAhead) || monthsAhead < 0 || monthsAhead > 24)
        throw badRequest('Please choose between 0 and 24 months ahead.', 'months_out_of_range');
      return db.transaction(async (tx) => {
        const obligation = await loadOwned(tx, obligationId, true);
        const ledger = await ledgerOf(tx, obligation);
        // What another open bill carries is asked for there, not again here (as if paid).
        const carried = await carriedOf(tx, obligation.id);
        const lines = billLinesFor(
          termsOf(obligation),
          ledger.charges,
          ledger.paidCents + carried.cents,
          monthsAhead,
        );
        if (lines.length === 0 && carried.cents > 0)
          throw conflict(BALANCE_ON_ANOTHER_BILL, 'balance_on_another_bill');
        if (lines.length === 0) throw new AppError(400, 'nothing_to_pay', 'There is nothing to pay.');
        // The open bill is replaced: what it received is already in the ledger, and what it still
        // asked for is in the new one.
        await cancelOpenBill(
          bills,
          tx,
          obligation,
          actor,
          'Replaced by a new bill of the same obligation',
          requestId,
        );

        const first = lines[0]!.period;
        const last = lines[lines.length - 1]!.period;
        const span = first === last ? monthName(first) : `${monthName(first)} to ${monthName(last)}`;
        const spanSw =
          first === last ? monthName(first, 'sw') : `${monthName(first, 'sw')} hadi ${monthName(last, 'sw')}`;
        const inSw = obligation.descriptionSw ?? obligation.description;
        return bills.raise(tx, {
          userId: obligation.userId,
          customerName: obligation.customerName,
          description: `${obligation.description} (${obligation.reference}): ${span}`,
          descriptionSw: `${inSw} (${obligation.reference}): ${spanSw}`,
          lines: lines.map((l) => ({
            amount_cents: l.amountCents,
            description:
              l.kind === 'penalty'
                ? `Late payment penalty, ${monthName(l.period)}`
                : l.kind === 'ahead'
                  ? `${obligation.description}, ${monthName(l.period)} (in advance)`
                  : `${obligation.description}, ${monthName(l.period)}`,
            description_sw:
              l.kind === 'penalty'
                ? `Adhabu ya kuchelewa kulipa, ${monthName(l.period, 'sw')}`
                : l.kind === 'ahead'
                  ? `${inSw}, ${monthName(l.period, 'sw')} (mapema)`
                  : `${inSw}, ${monthName(l.period, 'sw')}`,
            parcel: null,
            code: l.period.slice(0, 7),
          })),
          sourceKey: sourceKeyOf(obligation.id),
          subCountyCode: obligation.subCountyCode,
          answerIn,
          actor,
          ...(requestId ? { requestId } : {}),
        });
      });
    },
  };
}
