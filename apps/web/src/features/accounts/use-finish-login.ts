import type { OtpVerifyResponse } from '@kaunti/contract/api-accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { toast } from '../../ui/toast/toast-store';
import { type Door, getAuthState } from './auth-store';
import { takeReturnPath } from './return-path';
import { completeLogin, forgetSession } from './session';

/**
 * After the right code: keep the verified token, forget any other user's cached data, greet,
 * and go back to the page the guard turned away (or `fallback`).
 */
export function useFinishLogin(fallback: string, door: Door = 'citizen') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('accounts');
  /** `notice`: said instead of the welcome, and kept until dismissed (the new customer number). */
  return (response: OtpVerifyResponse, notice?: string) => {
    queryClient.clear();
    completeLogin(
      response.token,
      {
        id: response.data.id,
        first_name: response.data.first_name,
        phone_number: response.data.phone_number,
      },
      door,
    );
    if (notice) toast.success(notice, { keep: true });
    else toast.success(t('welcome', { name: response.data.first_name }));
    navigate(takeReturnPath() ?? fallback, { replace: true });
  };
}

/** Leaves the code step: the pending session ends on the server too (best effort). */
export function abandonLogin(): void {
  if (getAuthState().pendingPhone) void api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  forgetSession();
}
