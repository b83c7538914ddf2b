import { startPeriodic } from '../../platform/periodic';
import type { PaymentInternals } from './payment-internals';

/** Reconciliation: one pass, and the periodic job that runs it once per period across instances. */
export function createReconciliationJob(internals: PaymentInternals) {
  const { db, log, reconcileOnce } = internals;
  return {
    reconcileOnce,

    /**
     * Runs `reconcileOnce` every `intervalMs` in this process until the returned stop() is called
     * (app.ts: started when the server is ready, stopped when it closes). Runs never overlap;
     * several processes may run it at once (rows are claimed with SKIP LOCKED).
     */
    startReconciliation(intervalMs: number): () => Promise<void> {
      return startPeriodic({
        name: 'payment reconciliation',
        intervalMs,
        log,
        once: { db },
        task: async () => {
          const summary = await reconcileOnce();
          if (summary.queried + summary.expired > 0) log.info({ ...summary }, 'payments reconciled');
        },
      });
    },
  };
}
