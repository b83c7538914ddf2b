import type { DailyParkingAnswer, ParkingTicket, Vehicle } from '@kaunti/contract/api-parking';
import { useQuery } from '@tanstack/react-query';
import { api, hasAuthToken } from '../../lib/api-client';

export interface Zone {
  zone_code: string;
  name: string;
  description: string;
  fees: { vehicle_type: string; label: string; amount_cents: number | null }[];
}

/** The zones and their fees, as the page reads them (and the server fetches them for the page it renders). */
export const zonesQuery = {
  queryKey: ['parking-zones'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal } = {}) =>
    api<{ data: Zone[] }>('/api/parking/zones', signal ? { signal } : {}).then((r) => r.data),
};

export function useZones() {
  return useQuery({ ...zonesQuery, staleTime: 10 * 60_000 });
}

/** How often a pending ticket is asked about while the payer answers the M-Pesa prompt. */
export const TICKET_POLL_MS = 2500;

/** True while a pending ticket waits for the payer: no prompt has ended (failed or cancelled). */
export function isWaiting(ticket: ParkingTicket | undefined): boolean {
  if (ticket?.status !== 'pending') return false;
  return ticket.payment === null || ticket.payment.status === 'pending';
}

/** A ticket by its id, asked about every 2.5 s while it waits for the payment (not once it failed). */
export function useTicket(id: string) {
  return useQuery({
    queryKey: ['parking-ticket', id],
    queryFn: ({ signal }) => api<ParkingTicket>(`/api/parking/tickets/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (isWaiting(query.state.data) ? TICKET_POLL_MS : false),
    retry: 3,
  });
}

/** The prompt again for a pending ticket: to the phone given, else to the last prompt's phone. */
export function payTicketAgain(id: string, phone?: string) {
  return api<DailyParkingAnswer>(`/api/parking/tickets/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body: phone ? { phone_number: phone } : {},
  });
}

export function payDaily(body: {
  plate: string;
  zone_code: string;
  vehicle_type: string;
  phone_number: string;
}) {
  return api<DailyParkingAnswer>('/api/parking/daily', { method: 'POST', body });
}

/** The signed-in motorist's vehicles (none asked for a visitor). */
export function useVehicles() {
  return useQuery({
    queryKey: ['parking-vehicles'],
    queryFn: ({ signal }) =>
      api<{ data: Vehicle[] }>('/api/parking/vehicles', { signal }).then((r) => r.data),
    enabled: hasAuthToken(),
  });
}

export function addVehicle(body: { plate: string; vehicle_type: string }) {
  return api<Vehicle>('/api/parking/vehicles', { method: 'POST', body });
}

export function removeVehicle(id: string) {
  return api<{ id: string; deleted: true }>(`/api/parking/vehicles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
