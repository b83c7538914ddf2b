import type {
  IdentityVerifyResponse,
  StaffVerifyResponse,
  VerifyResponse,
} from '@kaunti/contract/api-verify';
import { api } from '../../lib/api-client';

/** The E-Verify calls (types only from the contract: no zod in these pages). */

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
