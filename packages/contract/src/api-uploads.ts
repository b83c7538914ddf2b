import { z } from 'zod';
import { ALLOWED_UPLOAD_TYPES } from './upload-rules';

/**
 * Uploads (`POST /api/uploads`, `GET /api/uploads/{id}`). A file is sent as multipart/form-data,
 * ONE file per request, in the part named {@link UPLOAD_FIELD_NAME}. Its type is read from its
 * bytes (never its name or the browser's claim); only JPEG, PNG and PDF are kept. An application
 * payload then refers to the upload by its `id` (a file field's value is that id).
 */

export {
  ALLOWED_UPLOAD_TYPES,
  DEFAULT_UPLOAD_MAX_BYTES,
  EMPTY_FILE_MESSAGE,
  formatMegabytes,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_SIDE_PX,
  NO_FILE_MESSAGE,
  UNSUPPORTED_UPLOAD_MESSAGE,
  UPLOAD_ACCEPT,
  UPLOAD_FIELD_NAME,
  type UploadContentType,
  uploadTooLargeMessage,
} from './upload-rules';

export const uploadContentTypeSchema = z.enum(ALLOWED_UPLOAD_TYPES);

/** 201 answer of `POST /api/uploads`. */
export const uploadSchema = z
  .object({
    id: z.uuid().describe('Put this in the application payload as the file field value.'),
    name: z.string().describe('The original file name, cleaned (for display only).'),
    size: z.int().nonnegative().describe('Size in bytes.'),
    content_type: uploadContentTypeSchema.describe('Detected from the bytes.'),
  })
  .meta({ id: 'Upload' });
export type Upload = z.infer<typeof uploadSchema>;

export const uploadIdParamsSchema = z.object({ id: z.uuid({ message: 'Not found.' }) });

/** `GET /api/uploads/limits`: what the web app checks before sending a file. */
export const uploadLimitsSchema = z
  .object({
    max_bytes: z.int().positive(),
    content_types: z.array(uploadContentTypeSchema),
  })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
