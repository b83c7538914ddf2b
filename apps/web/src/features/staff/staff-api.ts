import type { Decision, Officer, QueueResponse, StaffApplication } from '@kaunti/contract/api-staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type Me = Officer & { must_set_password: boolean };

/** The signed-in officer (403 for anyone else): what the back office shows depends on it. */
export function useMe() {
  return useQuery({
    queryKey: ['staff', 'me'],
    queryFn: () => api<Me>('/api/staff/me'),
    retry: false,
    staleTime: 60_000,
  });
}

export interface QueueFilters {
  status?: string;
  area?: string;
  service_id?: string;
  q?: string;
  page?: number;
}

export const staffApi = {
  queue(filters: QueueFilters) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
    return api<QueueResponse>(`/api/staff/applications?${params}`);
  },
  application(no: string) {
    return api<StaffApplication>(`/api/staff/applications/${encodeURIComponent(no)}`);
  },
  decide(no: string, decision: Decision) {
    return api<StaffApplication>(`/api/staff/applications/${encodeURIComponent(no)}/status`, {
      method: 'POST',
      body: decision,
    });
  },
  setPassword(body: { current_password: string; new_password: string }) {
    return api<{ message: string }>('/api/staff/password', { method: 'POST', body });
  },
};
