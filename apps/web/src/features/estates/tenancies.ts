import type { Tenancy, TenancyDetail, WaitingEntry } from '@kaunti/contract/api-estates';
import { useQuery } from '@tanstack/react-query';
import { api, apiAllPages } from '../../lib/api-client';

/**
 * The signed-in tenant's tenancies (`GET /api/estates/tenancies`): every page, shown by tenancy
 * number as before (the API pages newest first).
 */
export function useTenancies() {
  return useQuery({
    queryKey: ['estates', 'tenancies'],
    queryFn: () =>
      apiAllPages<Tenancy>('/api/estates/tenancies').then((body) =>
        body.data.sort((a, b) => (a.tenancy_no < b.tenancy_no ? -1 : a.tenancy_no > b.tenancy_no ? 1 : 0)),
      ),
  });
}

/** One tenancy with its rent statement. */
export function useTenancy(tenancyNo: string) {
  return useQuery({
    queryKey: ['estates', 'tenancies', tenancyNo],
    queryFn: () => api<TenancyDetail>(`/api/estates/tenancies/${encodeURIComponent(tenancyNo)}`),
  });
}

/** The signed-in user's places on the county's waiting lists (`GET /api/estates/waiting-list`). */
export function useWaitingList() {
  return useQuery({
    queryKey: ['estates', 'waiting-list'],
    queryFn: () => apiAllPages<WaitingEntry>('/api/estates/waiting-list').then((body) => body.data),
  });
}

/** "Kaloleni, Block D, house 114". */
export function placeOf(tenancy: Tenancy, houseWord: string): string {
  return [tenancy.estate, tenancy.block, `${houseWord} ${tenancy.house_no}`].filter(Boolean).join(', ');
}
