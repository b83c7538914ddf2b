import type { ServiceTicketAnswer } from '@kaunti/contract/api-tickets';
import type { PublicToilet, ToiletFault } from '@kaunti/contract/api-toilets';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The toilets, as the page reads them (and the server fetches them for the page it renders). */
export const toiletsQuery = {
  queryKey: ['public-toilets'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal } = {}) =>
    api<PublicToilet[]>('/api/public-toilets', signal ? { signal } : {}),
};

export function useToilets() {
  return useQuery({ ...toiletsQuery, staleTime: 5 * 60_000 });
}

export function payToilet(id: string, body: { pass: 'single' | 'monthly'; phone_number: string }) {
  return api<ServiceTicketAnswer>(`/api/public-toilets/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body,
  });
}

export function reportFault(id: string, body: { kind: ToiletFault['kind']; note?: string }) {
  return api<ToiletFault>(`/api/public-toilets/${encodeURIComponent(id)}/faults`, { method: 'POST', body });
}

/** Great-circle distance in metres (haversine): good enough to put the nearest toilet first. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The toilets nearest first where they have coordinates, the others after them in list order. */
export function byDistance(
  toilets: readonly PublicToilet[],
  from: { lat: number; lng: number },
): (PublicToilet & { metres: number | null })[] {
  const measured = toilets.map((t) => ({
    ...t,
    metres: t.lat !== null && t.lng !== null ? distanceMetres(from, { lat: t.lat, lng: t.lng }) : null,
  }));
  return [
    ...measured.filter((t) => t.metres !== null).sort((a, b) => a.metres! - b.metres!),
    ...measured.filter((t) => t.metres === null),
  ];
}
