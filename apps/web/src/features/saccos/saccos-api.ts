import type {
  AddSaccoVehicleRequest,
  RegisterSaccoRequest,
  SaccoSummary,
  SaccoVehicle,
  SaccoVehiclesResponse,
  StickerBill,
} from '@kaunti/contract/api-saccos';
import { useQuery } from '@tanstack/react-query';
import { api, apiAllPages } from '../../lib/api-client';

/**
 * The caller's transport Saccos with their summaries (403 until PSV is activated): every page,
 * shown by name.
 */
export function useSaccos() {
  return useQuery({
    queryKey: ['saccos'],
    queryFn: ({ signal }) =>
      apiAllPages<SaccoSummary>('/api/saccos', { signal }).then((r) =>
        r.data.sort((a, b) => a.name.localeCompare(b.name)),
      ),
    retry: false,
  });
}

/** A Sacco's vehicles with their sticker state for the year. */
export function useSaccoVehicles(saccoId: string | undefined) {
  return useQuery({
    queryKey: ['sacco-vehicles', saccoId],
    queryFn: ({ signal }) =>
      api<SaccoVehiclesResponse>(`/api/saccos/${encodeURIComponent(saccoId!)}/vehicles`, { signal }),
    enabled: Boolean(saccoId),
    retry: false,
  });
}

export const saccosApi = {
  register: (body: RegisterSaccoRequest) => api<SaccoSummary>('/api/saccos', { method: 'POST', body }),
  addVehicle: (saccoId: string, body: AddSaccoVehicleRequest) =>
    api<SaccoVehicle>(`/api/saccos/${encodeURIComponent(saccoId)}/vehicles`, {
      method: 'POST',
      body,
    }),
  removeVehicle: (saccoId: string, vehicleId: string) =>
    api<{ id: string; removed: true }>(
      `/api/saccos/${encodeURIComponent(saccoId)}/vehicles/${encodeURIComponent(vehicleId)}`,
      { method: 'DELETE' },
    ),
  billStickers: (saccoId: string, vehicleIds: string[]) =>
    api<StickerBill>(`/api/saccos/${encodeURIComponent(saccoId)}/stickers`, {
      method: 'POST',
      body: { vehicle_ids: vehicleIds },
    }),
  activatePsv: () => api<{ message: string }>('/api/profile/psv-activation', { method: 'POST' }),
};
