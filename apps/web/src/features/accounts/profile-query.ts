import type { ProfileResponse } from '@kaunti/contract/api-accounts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The signed-in user's profile: one cache entry shared by the header and the profile pages. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

export function useProfileQuery(enabled = true) {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api<ProfileResponse>('/api/profile'),
    enabled,
    staleTime: 60_000,
  });
}
