/**
 * What the profile's photo field needs when it is drawn, without zod: copies of constants of
 * @kaunti/contract/api-uploads and api-accounts, which define zod schemas beside them (importing
 * those would load zod with /profile/edit). upload-rules.test.ts keeps them equal to the
 * contract's. Checking and sending a chosen file (lib/uploads.ts) load when a file is chosen.
 */

/** The message for a photo that is not a JPEG or PNG (the contract's PHOTO_FORMAT_MESSAGE). */
export const PHOTO_FORMAT_MESSAGE = 'Please choose a JPEG or PNG image for your photo';

/** The size limit until `GET /api/uploads/limits` answers (the contract's DEFAULT_UPLOAD_MAX_BYTES). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** A size in bytes as whole megabytes where exact ("5"), else with one decimal ("2.5"). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}
