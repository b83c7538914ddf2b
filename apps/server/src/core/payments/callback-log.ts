import type { Db } from '../../platform/db/database';
import type { PaymentStatements } from './payment-statements';
import type { CallbackOutcome } from './payment-types';

/** The raw callbacks log: every body M-Pesa sent, with what came of it. */
export function createCallbackLog(now: () => Date, statements: Pick<PaymentStatements, 'insertCallbacks'>) {
  const { insertCallbacks } = statements;

  /** One row of the raw callbacks log (in the caller's transaction, or alone). */
  async function logRaw(
    tx: Db,
    entry: {
      kind: 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'transaction_status';
      reference: string | null;
      body: unknown;
      outcome: CallbackOutcome;
      paymentId: string | null;
    },
  ) {
    await insertCallbacks(tx, {
      kind: entry.kind,
      reference: entry.reference,
      body: JSON.stringify(entry.body ?? {}),
      outcome: entry.outcome,
      paymentId: entry.paymentId,
      receivedAt: now(),
    });
  }

  return { logRaw };
}

export type CallbackLog = ReturnType<typeof createCallbackLog>;

/** A reference read from a raw callback body by its path, for the log (at most 100 characters). */
export function referenceOf(body: unknown, path: string[]): string | null {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' ? value.slice(0, 100) : null;
}
