/**
 * LR numbers are typed in many ways ("209/10001", " 209 / 10001", "nairobi/block 72/1234"):
 * a parcel is found by its key, the number upper-cased with every space removed.
 */
export function lrKey(lrNumber: string): string {
  return lrNumber.toUpperCase().replace(/\s+/g, '');
}
