import { z } from 'zod';
import { nextCursorSchema, pageQuerySchema } from './api-bills';

/**
 * Drafts: a service form saved as the user goes, so nothing typed is lost on a dropped
 * connection or a reload. The web app makes the draft id (a UUID) when a form starts and
 * `PUT`s the whole draft after each change (debounced) and on each step; `PUT` is idempotent.
 *
 *  - `GET    /api/drafts`        the user's drafts, most recently saved first
 *  - `GET    /api/drafts/{id}`   one (to resume)
 *  - `PUT    /api/drafts/{id}`   create or replace `{ service_id, step, values }`
 *  - `DELETE /api/drafts/{id}`   remove it (the draft list removes a draft by id)
 *
 * Another user's draft id answers 404 on every verb (a PUT never takes it over).
 * Submitting an application with `draft_id` deletes the draft in the same transaction.
 */

/** At most this many drafts per user; a PUT of a new one beyond it answers 409. */
export const MAX_DRAFTS_PER_USER = 50;
/** At most this many bytes of JSON values in one draft. */
export const MAX_DRAFT_VALUES_BYTES = 64 * 1024;

export const TOO_MANY_DRAFTS_MESSAGE = `You have ${MAX_DRAFTS_PER_USER} saved drafts. Please delete some before starting another.`;
export const DRAFT_TOO_LARGE_MESSAGE = 'This draft is too large to save.';

export const draftParamsSchema = z.object({ id: z.uuid({ message: 'Not found.' }) });

export const saveDraftRequestSchema = z
  .object({
    service_id: z.string().min(1).max(60).describe('Catalogue service id, e.g. "land-transfer".'),
    step: z.int().nonnegative().describe('Index of the step the user is on (0 = first).'),
    values: z
      .record(z.string().max(100), z.unknown())
      .describe('Everything typed so far, keyed by field name (upload fields hold upload ids).'),
  })
  .meta({ id: 'SaveDraft' })
  .meta({
    examples: [
      { service_id: 'land-survey', step: 1, values: { lr_number: '209/10001', survey_type_code: 'SV-BRE' } },
    ],
  });
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;

export const draftSchema = z
  .object({
    id: z.uuid(),
    service_id: z.string(),
    service_title: z.string().describe('e.g. "Land Owner Amendment".'),
    label: z
      .string()
      .nullable()
      .describe(
        "The value that tells this draft apart (its service's reference field, e.g. the LR number), if typed.",
      ),
    kept: z
      .boolean()
      .describe(
        'False when nothing was typed yet: an empty form is not kept as a draft (nor an emptied one).',
      ),
    route: z.string().describe('Where to resume it, e.g. "/land-transfer".'),
    step: z.int().nonnegative(),
    values: z.record(z.string(), z.unknown()),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Draft' });
export type Draft = z.infer<typeof draftSchema>;

export { isEmptyDraft } from './draft-values';

export const draftsResponseSchema = z
  .object({ data: z.array(draftSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Drafts' });

export const draftsQuerySchema = z
  .object({ service_id: z.string().max(60).optional() })
  .extend(pageQuerySchema.shape);

export const draftDeletedSchema = z
  .object({ id: z.uuid(), deleted: z.literal(true) })
  .meta({ id: 'DraftDeleted' });
