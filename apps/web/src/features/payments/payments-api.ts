import type { AskedBill, Bill } from '@kaunti/contract/api-bills';
import type { Obligations, Payment, StkPushRequest, StkPushResponse } from '@kaunti/contract/api-payments';
import { useQuery } from '@tanstack/react-query';
import { api, apiAllPages, apiBlob } from '../../lib/api-client';

/** The signed-in user's bills, newest first; with an area, only its services' bills. */
export function useBills(area?: string) {
  return useQuery({
    queryKey: area ? ['bills', { area }] : ['bills'],
    queryFn: ({ signal }) =>
      apiAllPages<Bill>(area ? `/api/bills?area=${encodeURIComponent(area)}` : '/api/bills', {
        signal,
      }).then((r) => r.data),
  });
}

/**
 * The bills on other accounts the user asked for (a relative's rates bill), newest first, every
 * page: the owner's name masked. Under the `bills` key, so whatever refreshes the bills refreshes these.
 */
export function useAskedBills() {
  return useQuery({
    queryKey: ['bills', 'asked'],
    queryFn: ({ signal }) => apiAllPages<AskedBill>('/api/bills/asked', { signal }).then((r) => r.data),
  });
}

export function usePayments() {
  return useQuery({
    queryKey: ['payments'],
    queryFn: ({ signal }) => apiAllPages<Payment>('/api/payments', { signal }).then((r) => r.data),
  });
}

export function useObligations() {
  return useQuery({
    queryKey: ['obligations'],
    queryFn: ({ signal }) =>
      api<{ data: Obligations }>('/api/account/obligations', { signal }).then((r) => r.data),
  });
}

/** How often a pending payment is asked about while the payer answers the prompt. */
export const POLL_INTERVAL_MS = 2500;

/** One payment, polled every 2.5 s while it is pending. */
export function usePayment(paymentId: string | undefined) {
  return useQuery({
    queryKey: ['payment', paymentId],
    queryFn: ({ signal }) => api<Payment>(`/api/payments/${encodeURIComponent(paymentId!)}`, { signal }),
    enabled: paymentId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_INTERVAL_MS : false),
    // Keep asking through short network drops while waiting.
    retry: 3,
  });
}

/** Sends the M-Pesa prompt. The key is the submission's: a retry of the same submission reuses it. */
export function sendStkPush(body: StkPushRequest, idempotencyKey: string): Promise<StkPushResponse> {
  return api<StkPushResponse>('/api/payments/mpesa/stk-push', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** A fresh idempotency key (a random UUID; a fallback where crypto.randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type DocumentKind = 'invoice' | 'receipt';

/** The printable page of a bill's invoice or receipt. */
export function printablePath(billNo: string, kind: DocumentKind): string {
  return `/downloads/Invoice?bill_no=${encodeURIComponent(billNo)}&type=${kind}`;
}

/** The PDF of a bill's invoice or receipt (needs the Authorization header: see openPdf). */
export function pdfPath(billNo: string, kind: DocumentKind): string {
  return `/api/bills/${encodeURIComponent(billNo)}/${kind}.pdf`;
}

/**
 * Fetches a PDF with the session's token (the API reads `Authorization: Bearer`, not the
 * cookie) and hands it to the browser as a download. Throws ApiError with the server's message.
 */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const blob = await apiBlob(path, 'application/pdf');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
