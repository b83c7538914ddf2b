import type { Draft } from '@kaunti/contract/api-drafts';
import { ApiError, api } from '../../lib/api-client';
import { readLocalDraft } from '../../lib/local-drafts';
import type { UploadedFile } from '../../lib/uploads';

/** The key under which a draft's values keep the uploaded files' names and sizes. */
export const FILES_KEY = '__files';

export interface StartingPoint {
  draftId: string;
  /** True when the draft exists (on the server or this device). */
  resumed: boolean;
  step: number;
  values: Record<string, unknown>;
  files: Record<string, UploadedFile>;
  /** The device copy holds changes the server has not got: send them at once. */
  unsynced: boolean;
}

export type ResumeResult =
  | { kind: 'found'; start: StartingPoint; offline: boolean }
  | { kind: 'missing' }
  | { kind: 'failed'; error: ApiError };

function isFile(value: unknown): value is UploadedFile {
  const v = value as Partial<UploadedFile> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.size === 'number';
}

/** Splits a draft's values into the form's values and the uploaded files' details. */
export function splitDraftValues(stored: Record<string, unknown>): {
  values: Record<string, unknown>;
  files: Record<string, UploadedFile>;
} {
  const { [FILES_KEY]: rawFiles, ...values } = stored;
  const files: Record<string, UploadedFile> = {};
  if (typeof rawFiles === 'object' && rawFiles !== null) {
    for (const [name, file] of Object.entries(rawFiles)) if (isFile(file)) files[name] = file;
  }
  return { values, files };
}

/** A UUID v4 for a new draft (crypto.randomUUID needs a secure context; this does not). */
export function newDraftId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function freshStart(): StartingPoint {
  return { draftId: newDraftId(), resumed: false, step: 0, values: {}, files: {}, unsynced: false };
}

/**
 * Where a resumed form starts: the server's draft, unless this device holds newer changes the
 * server never got (typed offline): those win. When the server cannot be reached the device
 * copy is used; a draft that is neither on the server nor on the device is "missing".
 */
export async function resumeDraft(
  serviceId: string,
  draftId: string,
  stepCount: number,
): Promise<ResumeResult> {
  const local = readLocalDraft(serviceId, draftId);
  const clamp = (step: number) => Math.min(Math.max(0, Math.trunc(step)), stepCount - 1);
  const fromLocal = (offline: boolean): ResumeResult | undefined =>
    local
      ? {
          kind: 'found',
          offline,
          start: {
            draftId,
            resumed: true,
            step: clamp(local.step),
            ...splitDraftValues(local.values),
            unsynced: local.dirty,
          },
        }
      : undefined;
  try {
    const server = await api<Draft>(`/api/drafts/${draftId}`);
    if (server.service_id !== serviceId) return { kind: 'missing' };
    if (local?.dirty) return fromLocal(false)!;
    return {
      kind: 'found',
      offline: false,
      start: {
        draftId,
        resumed: true,
        step: clamp(server.step),
        ...splitDraftValues(server.values),
        unsynced: false,
      },
    };
  } catch (error) {
    const apiError =
      error instanceof ApiError ? error : new ApiError(0, 'network_error', String((error as Error).message));
    const unreachable = apiError.status === 0 || apiError.status >= 500;
    if (unreachable) return fromLocal(true) ?? { kind: 'failed', error: apiError };
    // Never saved on the server (typed offline, then reloaded): the device copy is all there is.
    if (apiError.status === 404) return (local?.dirty ? fromLocal(false) : undefined) ?? { kind: 'missing' };
    return { kind: 'failed', error: apiError };
  }
}
