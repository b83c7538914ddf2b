import type { EventPage } from '@kaunti/contract/api-public-pages';
import type {
  IdentityVerifyResponse,
  PermitValidateResponse,
  StaffVerifyResponse,
  VerifyResponse,
} from '@kaunti/contract/api-verify';
import { api } from '../../lib/api-client';

/** The E-Verify calls (types only from the contract: no zod in these pages). */

/** A document's check, as the page reads it (and the server fetches it for a page it renders). */
export function verifyQuery(code: string) {
  return {
    queryKey: ['verify', code] as const,
    queryFn: ({ signal }: { signal?: AbortSignal } = {}) => verifyDocument(code, signal),
  };
}

/** Whether a permit number is in force (`GET /api/permits/validate`). */
export function permitQuery(permitNo: string) {
  return {
    queryKey: ['permit-validate', permitNo] as const,
    queryFn: () =>
      api<PermitValidateResponse>(`/api/permits/validate?permit_no=${encodeURIComponent(permitNo)}`),
  };
}

export function verifyDocument(code: string, signal?: AbortSignal): Promise<VerifyResponse> {
  return api<VerifyResponse>(`/api/verify?code=${encodeURIComponent(code)}`, signal ? { signal } : {});
}

export function verifyStaff(qid: string, sid: string, signal?: AbortSignal): Promise<StaffVerifyResponse> {
  return api<StaffVerifyResponse>(
    `/api/verify/staff/${encodeURIComponent(qid)}/${encodeURIComponent(sid)}`,
    signal ? { signal } : {},
  );
}

export function verifyIdentity(
  qid: string,
  id: string,
  signal?: AbortSignal,
): Promise<IdentityVerifyResponse> {
  return api<IdentityVerifyResponse>(
    `/api/verify/identity/${encodeURIComponent(qid)}/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
}

/**
 * An event's page, as the page reads it (and the server fetches it for the page it renders); its
 * verdict (`status`) is the permit's standing.
 */
export function eventQuery(id: string) {
  return {
    queryKey: ['event-page', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal } = {}) =>
      readEvent(id, signal).then((event) => ({ ...event, status: event.permit_status })),
  };
}

/** An issued event's public page (`GET /api/events/{id}`). */
export function readEvent(id: string, signal?: AbortSignal): Promise<EventPage> {
  return api<EventPage>(`/api/events/${encodeURIComponent(id)}`, signal ? { signal } : {});
}
