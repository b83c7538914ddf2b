import type { Draft, SaveDraftRequest } from '@kaunti/contract/api-drafts';
import { isEmptyDraft } from '@kaunti/contract/draft-values';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { removeLocalDraft, writeLocalDraft } from '../../lib/local-drafts';

/** Wait this long after the last change before sending the draft. */
export const DRAFT_DEBOUNCE_MS = 1500;
/** Next waits at most this long for the draft to be saved, then goes on (the device has a copy). */
const SAVE_WAIT_MS = 8000;

export type DraftStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string };

export interface DraftSnapshot {
  step: number;
  values: Record<string, unknown>;
}

/**
 * Saves a form as the user goes: a copy on this device at every change (so a dropped connection
 * or a reload loses nothing), and the server's draft (`PUT /api/drafts/{id}`) after a pause in
 * typing and at every step. A failed save leaves the device copy marked unsynced; it is sent
 * again when the browser is back online or at the next change.
 */
export function useDraftSync({
  serviceId,
  draftId,
  snapshot,
  started,
  onStarted,
}: {
  serviceId: string;
  draftId: string;
  /** Reads the form's current step and values. */
  snapshot: () => DraftSnapshot;
  /** True when this draft already exists (resumed). */
  started: boolean;
  /** Called once, when a new form is first saved (the page puts the id in its address). */
  onStarted?: (draftId: string) => void;
}) {
  const [status, setStatus] = useState<DraftStatus>({ kind: 'idle' });
  const version = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<void> | undefined>(undefined);
  const closed = useRef(false);
  const isStarted = useRef(started);
  const pending = useRef(false);
  const latest = useRef({ snapshot, onStarted });
  latest.current = { snapshot, onStarted };

  const keepLocal = useCallback(
    (dirty: boolean) => {
      const { step, values } = latest.current.snapshot();
      writeLocalDraft({
        id: draftId,
        service_id: serviceId,
        step,
        values,
        saved_at: new Date().toISOString(),
        dirty,
      });
    },
    [draftId, serviceId],
  );

  const send = useCallback(async (): Promise<void> => {
    if (inflight.current) await inflight.current;
    if (closed.current || !pending.current) return;
    pending.current = false;
    const sentVersion = version.current;
    const { step, values } = latest.current.snapshot();
    const body: SaveDraftRequest = { service_id: serviceId, step, values };
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        const saved = await api<Draft>(`/api/drafts/${draftId}`, { method: 'PUT', body });
        if (closed.current) return;
        // Nothing typed yet (or all cleared): the server keeps no draft, and says nothing was saved.
        if (saved.kept === false) {
          setStatus({ kind: 'idle' });
          return;
        }
        if (version.current === sentVersion) keepLocal(false);
        setStatus({ kind: 'saved', at: new Date() });
      } catch (error) {
        if (closed.current) return;
        pending.current = true;
        const offline = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
        setStatus(offline ? { kind: 'offline' } : { kind: 'refused', message: error.message });
      }
    })();
    inflight.current = run;
    await run;
    inflight.current = undefined;
  }, [draftId, serviceId, keepLocal]);

  /** Something changed: a new version, kept on the device now, to be sent (no send planned yet). */
  const record = useCallback(() => {
    version.current += 1;
    pending.current = true;
    clearTimeout(timer.current);
    // A draft exists only once something is typed: an empty form is neither kept on the device
    // nor given an address of its own.
    if (isEmptyDraft(latest.current.snapshot().values)) {
      removeLocalDraft(draftId);
      return;
    }
    keepLocal(true);
    if (!isStarted.current) latest.current.onStarted?.(draftId);
    isStarted.current = true;
  }, [draftId, keepLocal]);

  /** A value changed: keep it on the device now, send it after a pause. */
  const changed = useCallback(() => {
    if (closed.current) return;
    record();
    timer.current = setTimeout(() => void send(), DRAFT_DEBOUNCE_MS);
  }, [record, send]);

  /** Saves now (a step change); resolves when saved, failed, or after SAVE_WAIT_MS. */
  const saveNow = useCallback(async () => {
    if (closed.current) return;
    record();
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      send(),
      new Promise<void>((resolve) => (waited = setTimeout(resolve, SAVE_WAIT_MS))),
    ]);
    clearTimeout(waited);
  }, [record, send]);

  /**
   * The form was submitted (with `draft_id`, so the server deleted its draft): stop saving and
   * forget the device copy.
   */
  const finish = useCallback(() => {
    closed.current = true;
    pending.current = false;
    clearTimeout(timer.current);
    removeLocalDraft(draftId);
  }, [draftId]);

  useEffect(() => {
    const flush = () => {
      if (pending.current && !closed.current) {
        clearTimeout(timer.current);
        void send();
      }
    };
    // Back online, or the page is being hidden (the phone switches app): send what is waiting.
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the form (another page): the last changes are still sent.
      flush();
    };
  }, [send]);

  return useMemo(() => ({ status, changed, saveNow, finish }), [status, changed, saveNow, finish]);
}
