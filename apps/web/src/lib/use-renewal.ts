import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api-client';

/**
 * Renewing an issued permit: posts to its renewal path (a new application with last time's
 * answers), refreshes the list it is shown in, and opens the renewal bill's payment.
 */
export function useRenewal(path: string, listKey: readonly unknown[]) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ApplicationSubmitted>(path, { method: 'POST' }),
    onSuccess: async (submitted) => {
      await client.invalidateQueries({ queryKey: listKey });
      if (submitted.bill) void navigate(`/payment?bill=${encodeURIComponent(submitted.bill.bill_no)}`);
    },
  });
}
