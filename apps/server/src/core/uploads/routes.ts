import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  ALLOWED_UPLOAD_TYPES,
  NO_FILE_MESSAGE,
  UPLOAD_FIELD_NAME,
  uploadIdParamsSchema,
  uploadLimitsSchema,
  uploadSchema,
  uploadTooLargeMessage,
} from '@kaunti/contract/api-uploads';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { currentUser, type Guards } from '../accounts/guard';
import type { UploadService } from './upload-service';

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT';
}

/**
 * `POST /api/uploads` (multipart, one file in the part "file") and `GET /api/uploads/{id}`
 * (owner only, as an attachment, never rendered by the browser).
 * `@fastify/multipart` is registered in app.ts with fileSize = config.uploads.maxBytes.
 */
export function uploadRoutes(deps: {
  uploads: UploadService;
  guards: Guards;
  maxBytes: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/uploads/limits',
      {
        schema: {
          operationId: 'getUploadLimits',
          tags: ['uploads'],
          summary: 'The size limit and the types accepted',
          description:
            'The largest file accepted, in bytes, and the types accepted (JPEG, PNG, PDF), so a client can check before uploading.',
          response: { 200: uploadLimitsSchema },
        },
      },
      async () => ({ max_bytes: deps.maxBytes, content_types: [...ALLOWED_UPLOAD_TYPES] }),
    );

    app.post(
      '/api/uploads',
      {
        onRequest: deps.guards.requireUser,
        config: {
          rateLimit: {
            max: 60,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
          // The form's parts, for the OpenAPI document (@fastify/multipart reads them).
          multipartForm: z.object({
            [UPLOAD_FIELD_NAME]: z
              .string()
              .meta({ format: 'binary', description: 'The file: a JPEG, PNG or PDF.' }),
          }),
        },
        schema: {
          operationId: 'uploadFile',
          tags: ['uploads'],
          summary: 'Upload one JPEG, PNG or PDF (multipart/form-data, part "file")',
          description:
            'The type is detected from the bytes. Answers 415 for any other type (a renamed ' +
            'executable, HTML, SVG...) and 413 for a file over the size limit. Put the answered ' +
            '`id` in the application payload.',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          response: {
            201: uploadSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(415, 'unsupported_media_type', 'Please send the file as multipart/form-data.');
        }
        const tooLarge = () => new AppError(413, 'payload_too_large', uploadTooLargeMessage(deps.maxBytes));
        let part: MultipartFile | undefined;
        try {
          part = await request.file();
        } catch (error) {
          if (isTooLarge(error)) throw tooLarge();
          throw error;
        }
        if (!part || part.fieldname !== UPLOAD_FIELD_NAME)
          throw new AppError(400, 'no_file', NO_FILE_MESSAGE);
        const file = part.file;
        // The file flows on to the store as it arrives; over the limit, the stream fails (or, if
        // the parser only truncates, is marked) and nothing is kept.
        const stream = file.pipe(
          new Transform({
            transform: (chunk, _encoding, done) => done(null, chunk),
            flush: (done) => done(file.truncated ? tooLarge() : null),
          }),
        );
        file.on('error', (error) => stream.destroy(error));
        try {
          const upload = await deps.uploads.save(currentUser(request).id, {
            filename: part.filename,
            stream,
          });
          return reply.status(201).send(upload);
        } catch (error) {
          if (isTooLarge(error)) throw tooLarge();
          throw error;
        }
      },
    );

    app.get(
      '/api/uploads/:id',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'getUpload',
          tags: ['uploads'],
          summary: 'Download one of your uploads (as an attachment)',
          description:
            "Downloads one of the caller's own uploads as an attachment, in the type its bytes showed. Another user's upload is a 404.",
          security: [{ bearer: [] }],
          params: uploadIdParamsSchema,
          produces: ['image/jpeg', 'image/png', 'application/pdf'],
          response: {
            200: z.any().describe('The file, in the type it was kept as (its bytes decided it)'),
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { upload, body } = await deps.uploads.openForOwner(currentUser(request).id, request.params.id);
        return reply
          .header('content-type', upload.contentType)
          .header('content-length', String(upload.size))
          .header('content-disposition', `attachment; filename="${upload.originalName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(body);
      },
    );
  };
}
