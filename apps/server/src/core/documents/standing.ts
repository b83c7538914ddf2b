import type { DocumentRow } from './schema';

/**
 * Whether an issued document still stands, by the register alone: `revoked` by the county,
 * `expired` once its validity has ended (at its expiry instant), else `valid`. E-Verify, the
 * printable page and the permit check all answer by it.
 */
export function standingOf(
  row: Pick<DocumentRow, 'status' | 'expiresAt'>,
  now: Date = new Date(),
): 'valid' | 'revoked' | 'expired' {
  if (row.status === 'revoked') return 'revoked';
  return row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}
