/**
 * What happens after an STK push is accepted. Chosen per push, in this order:
 *  1. an outcome queued for that phone with `POST /__sim/next-outcome` (or `sim.nextOutcome()`);
 *  2. an outcome queued for any phone;
 *  3. the phone number itself (the magic numbers below);
 *  4. otherwise `success`.
 *
 * | outcome               | callback                                                           | ResultCode |
 * |-----------------------|--------------------------------------------------------------------|------------|
 * | `success`             | once, after `callbackDelayMs`, with the metadata and a new receipt | 0          |
 * | `duplicate_callbacks` | the same success callback twice (same receipt number)              | 0          |
 * | `no_callback`         | none: the payment succeeds, only `stkpushquery` can tell           | 0          |
 * | `cancelled`           | once, no metadata                                                  | 1032       |
 * | `insufficient_funds`  | once, no metadata                                                  | 1          |
 * | `timeout`             | once, after `timeoutDelayMs` (the phone was unreachable)           | 1037       |
 * | `failed`              | once, no metadata, with the `resultCode` given (e.g. 2001, 1019)   | as given   |
 */
export const OUTCOMES = [
  'success',
  'cancelled',
  'timeout',
  'insufficient_funds',
  'no_callback',
  'duplicate_callbacks',
  'failed',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/**
 * Magic phone numbers for demos and browser tests, matched on the last four digits:
 * - `254708374149` (Safaricom's sandbox test number) and every other number → success;
 * - `…1032` (e.g. `254700001032`) → cancelled;
 * - `…1037` (e.g. `254700001037`) → timeout;
 * - `…0001` (e.g. `254700000001`) → insufficient funds;
 * - `…0000` (e.g. `254700000000`) → no callback at all;
 * - `…2222` (e.g. `254700002222`) → the success callback sent twice.
 */
export const MAGIC_ENDINGS: ReadonlyArray<readonly [ending: string, outcome: Outcome]> = [
  ['1032', 'cancelled'],
  ['1037', 'timeout'],
  ['0001', 'insufficient_funds'],
  ['0000', 'no_callback'],
  ['2222', 'duplicate_callbacks'],
];

export function outcomeForPhone(phone: string): Outcome {
  return MAGIC_ENDINGS.find(([ending]) => phone.endsWith(ending))?.[1] ?? 'success';
}

/** The ResultCode an outcome ends with (`failed` carries its own). */
export function resultCodeOf(outcome: Exclude<Outcome, 'failed'>): number {
  switch (outcome) {
    case 'success':
    case 'duplicate_callbacks':
    case 'no_callback':
      return 0;
    case 'cancelled':
      return 1032;
    case 'timeout':
      return 1037;
    case 'insufficient_funds':
      return 1;
  }
}

/** An outcome queued for the next push (to one phone, or to any). */
export interface NextOutcome {
  /** Only the next push to this phone (any accepted form: 07…, 7…, +254…, 254…). Omitted: the next push to any phone. */
  phone?: string;
  outcome: Outcome;
  /** For paid outcomes: the amount the callback reports, to simulate a payment that differs from the request. */
  amountShillings?: number;
  /** For `failed`: the ResultCode to answer (not 0). */
  resultCode?: number;
}
