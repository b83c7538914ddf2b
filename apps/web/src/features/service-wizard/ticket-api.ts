import type { ServiceTicket, ServiceTicketAnswer } from '@kaunti/contract/api-tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** How often a pending ticket is asked about while the payer answers the M-Pesa prompt. */
export const TICKET_POLL_MS = 2500;

/** True while a pending ticket waits for the payer: no prompt has ended (failed or cancelled). */
export function isWaiting(ticket: ServiceTicket | undefined): boolean {
  if (ticket?.status !== 'pending') return false;
  return ticket.payment === null || ticket.payment.status === 'pending';
}

/** "/api/markets/cess/{ticket_id}" and an id → the ticket's API path. */
export const ticketApiPath = (readPath: string, id: string) =>
  readPath.replace('{ticket_id}', encodeURIComponent(id));

/** A ticket by its id, asked about every 2.5 s while it waits for the payment (not once it failed). */
export function useServiceTicket(readPath: string, id: string) {
  return useQuery({
    queryKey: ['service-ticket', readPath, id],
    queryFn: ({ signal }) => api<ServiceTicket>(ticketApiPath(readPath, id), { signal }),
    refetchInterval: (query) => (isWaiting(query.state.data) ? TICKET_POLL_MS : false),
    retry: 3,
  });
}

/** The prompt again for a pending ticket: to the phone given, else to the last prompt's phone. */
export function payTicketAgain(readPath: string, id: string, phone?: string) {
  return api<ServiceTicketAnswer>(`${ticketApiPath(readPath, id)}/pay`, {
    method: 'POST',
    body: phone ? { phone_number: phone } : {},
  });
}
