import type { Tenancy, TenancyDetail } from '@kaunti/contract/api-estates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The signed-in tenant's tenancies (`GET /api/estates/tenancies`). */
export function useTenancies() {
  return useQuery({
    queryKey: ['estates', 'tenancies'],
    queryFn: () => api<{ data: Tenancy[] }>('/api/estates/tenancies').then((body) => body.data),
  });
}

/** One tenancy with its rent statement. */
export function useTenancy(tenancyNo: string) {
  return useQuery({
    queryKey: ['estates', 'tenancies', tenancyNo],
    queryFn: () => api<TenancyDetail>(`/api/estates/tenancies/${encodeURIComponent(tenancyNo)}`),
  });
}

/** "Kaloleni, Block D, house 114". */
export function placeOf(tenancy: Tenancy, houseWord: string): string {
  return [tenancy.estate, tenancy.block, `${houseWord} ${tenancy.house_no}`].filter(Boolean).join(', ');
}
