import type { Bill } from '@kaunti/contract/api-bills';
import type { Stall, StallDetail } from '@kaunti/contract/api-markets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiAllPages } from '../../lib/api-client';

/**
 * The signed-in trader's market stalls (`GET /api/markets/stalls`): every page, shown by stall
 * number as before (the API pages newest first).
 */
export function useStalls() {
  return useQuery({
    queryKey: ['markets', 'stalls'],
    queryFn: () =>
      apiAllPages<Stall>('/api/markets/stalls').then((body) =>
        body.data.sort((a, b) => (a.stall_no < b.stall_no ? -1 : a.stall_no > b.stall_no ? 1 : 0)),
      ),
  });
}

/** One stall with its rent statement and payments. */
export function useStall(stallNo: string) {
  return useQuery({
    queryKey: ['markets', 'stalls', stallNo],
    queryFn: () => api<StallDetail>(`/api/markets/stalls/${encodeURIComponent(stallNo)}`),
  });
}

/** A bill of a stall's rent: the balance and `months` ahead (`POST /api/markets/stalls/{stall_no}/bill`). */
export function useRentBill(stallNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (months: number) =>
      api<Bill>(`/api/markets/stalls/${encodeURIComponent(stallNo)}/bill`, {
        method: 'POST',
        body: { months },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['markets', 'stalls'] }),
  });
}
