/**
 * What a file may be (`POST /api/uploads`): its part name, types, size and pixel limits and the
 * messages of a refusal — without zod, so a page that draws a file field does not load it. The
 * upload schemas are in api-uploads.ts, which re-exports these.
 */

/** The multipart part that carries the file. */
export const UPLOAD_FIELD_NAME = 'file';

/** The only content types kept, as detected from the bytes. */
export const ALLOWED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadContentType = (typeof ALLOWED_UPLOAD_TYPES)[number];

/** What an `<input type="file" accept>` should offer. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The default size limit (the server's `UPLOAD_MAX_BYTES`); `GET /api/uploads/limits` answers the real one. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** 415 `unsupported_media_type`: a file that is not JPEG, PNG or PDF by its bytes. */
export const UNSUPPORTED_UPLOAD_MESSAGE = 'Only JPEG or PNG images and PDF documents can be uploaded.';

/** 400 `no_file`: a request without a file part. */
export const NO_FILE_MESSAGE = 'Please choose a file to upload.';

/** Images larger than this in pixels are refused, whatever their size in bytes. */
export const MAX_IMAGE_SIDE_PX = 10_000;
export const MAX_IMAGE_MEGAPIXELS = 40;

/** 400 `image_too_large`: an image too large in pixels (e.g. a 50000 × 50000 PNG that compresses small). */
export const IMAGE_TOO_LARGE_MESSAGE =
  'This image is too large in pixels (at most 10,000 pixels a side and 40 megapixels). Please choose a smaller image.';

/** 400 `empty_file`: an empty (0 byte) file. */
export const EMPTY_FILE_MESSAGE = 'The file is empty. Please choose another file.';

/** A size in bytes as whole megabytes where exact ("5"), else with one decimal ("2.5"). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** 413 `payload_too_large`: "The file is larger than 5 MB." */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatMegabytes(maxBytes)} MB.`;
}

/** A profile photo that is not a JPEG or PNG (its upload id refused on the profile). */
export const PHOTO_FORMAT_MESSAGE = 'Please choose a JPEG or PNG image for your photo';
