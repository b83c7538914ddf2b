import { z } from 'zod';

/**
 * Uploads (`POST /api/uploads`, `GET /api/uploads/{id}`). A file is sent as multipart/form-data,
 * ONE file per request, in the part named {@link UPLOAD_FIELD_NAME}. Its type is read from its
 * bytes (never its name or the browser's claim); only JPEG, PNG and PDF are kept. An application
 * payload then refers to the upload by its `id` (a file field's value is that id).
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

/** 400 `bad_request`: a request without a file part. */
export const NO_FILE_MESSAGE = 'Please choose a file to upload.';

/** Images larger than this in pixels are refused, whatever their size in bytes. */
export const MAX_IMAGE_SIDE_PX = 10_000;
export const MAX_IMAGE_MEGAPIXELS = 40;

/** 400 `bad_request`: an image too large in pixels (e.g. a 50000 × 50000 PNG that compresses small). */
export const IMAGE_TOO_LARGE_MESSAGE =
  'This image is too large in pixels (at most 10,000 pixels a side and 40 megapixels). Please choose a smaller image.';

/** 400 `bad_request`: an empty (0 byte) file. */
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

export const uploadContentTypeSchema = z.enum(ALLOWED_UPLOAD_TYPES);

/** 201 answer of `POST /api/uploads`. */
export const uploadSchema = z
  .object({
    id: z.uuid().describe('Put this in the application payload as the file field value.'),
    name: z.string().describe('The original file name, cleaned (for display only).'),
    size: z.int().nonnegative().describe('Size in bytes.'),
    content_type: uploadContentTypeSchema.describe('Detected from the bytes.'),
  })
  .describe('Upload');
export type Upload = z.infer<typeof uploadSchema>;

export const uploadIdParamsSchema = z.object({ id: z.uuid({ message: 'Not found.' }) });

/** `GET /api/uploads/limits`: what the web app checks before sending a file. */
export const uploadLimitsSchema = z
  .object({
    max_bytes: z.int().positive(),
    content_types: z.array(uploadContentTypeSchema),
  })
  .describe('UploadLimits');
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
