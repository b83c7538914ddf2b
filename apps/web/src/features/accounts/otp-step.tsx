import type { OtpVerifyRequest, OtpVerifyResponse } from '@kaunti/contract/api-accounts';
import { maskPhone } from '@kaunti/contract/masking';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { useFocusStepOnMount } from '../../ui/step-focus/step-focus';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { markOtpSent } from './auth-store';
import { CodeSentNotice, OtpField } from './form-controls';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, ServerError } from './server-error';

export interface OtpStepProps {
  /** The phone the code went to, 254 form (shown masked). */
  phone: string;
  otpSent: boolean;
  /** Why a code sent as a plain form post was refused (login-post.ts): shown until the next try. */
  postedMessage?: string | undefined;
  onVerified: (response: OtpVerifyResponse) => void;
  /** Back to the first step with another account. */
  onRestart: () => void;
}

// The code is checked on submit: its schema (and zod) load then, not with the sign-in page.
const otpResolver = lazyResolver<OtpVerifyRequest>(async () => {
  const [{ zodResolver }, { otpVerifyRequestSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('@kaunti/contract/api-accounts'),
  ]);
  return zodResolver(otpVerifyRequestSchema);
});

/**
 * The one-time code step after sign-in or sign-up: "We sent a code to *********678", the code,
 * a re-send, and, only when the server keeps SMS in its development outbox, a link to it.
 */
export function OtpStep({ phone, otpSent, postedMessage, onVerified, onRestart }: OtpStepProps) {
  const { t } = useTranslation('accounts');
  const [sent, setSent] = useState(otpSent);
  const config = useQuery({
    queryKey: ['auth-config'],
    queryFn: accountsApi.config,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm<OtpVerifyRequest>({
    resolver: otpResolver,
    mode: 'onSubmit',
    defaultValues: { otp: '' },
  });
  const schema = useSchemaSubmit();
  const verify = useMutation({
    mutationFn: (otp: string) => accountsApi.verifyOtp(otp),
    onSuccess: onVerified,
    onError: (error) => applyFieldErrors(error, form.setError, ['otp'], 'otp'),
  });
  const resend = useMutation({
    mutationFn: accountsApi.sendOtp,
    onSuccess: (response) => {
      setSent(response.otp_sent);
      markOtpSent(response.otp_sent);
      verify.reset();
      form.reset({ otp: '' });
    },
  });
  const masked = maskPhone(phone);
  // The code step replaces the form: its heading takes the focus and comes into view.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusStepOnMount(heading);

  return (
    <section aria-labelledby="otp-title" className={styles.panel}>
      <h2 id="otp-title" ref={heading} tabIndex={-1}>
        {t('otp.title')}
      </h2>
      <CodeSentNotice sent={sent} sentText={t('otp.sentTo', { phone: masked })} phone={masked} />
      {resend.isSuccess && resend.data.otp_sent ? <Alert variant="success">{t('otp.resent')}</Alert> : null}
      <ServerError
        error={
          verify.error ??
          resend.error ??
          (verify.isIdle && postedMessage !== undefined ? new Error(postedMessage) : undefined)
        }
      />
      <LoadErrorAlert failure={schema.failure} />
      <form
        noValidate
        method="post"
        onSubmit={schema.guard(form.handleSubmit((values) => verify.mutate(values.otp)))}
      >
        {/* Without the script yet, the code goes as a plain form post (login-post.ts) with the phone it went to. */}
        <input type="hidden" name="phone" value={phone} />
        <OtpField error={form.formState.errors.otp} registration={form.register('otp')} />
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={verify.isPending || form.formState.isSubmitting}
            busyLabel={t('otp.busy')}
          >
            {t('otp.submit')}
          </Button>
          <Button
            variant="secondary"
            busy={resend.isPending}
            busyLabel={t('otp.resending')}
            onClick={() => resend.mutate()}
          >
            {t('otp.resend')}
          </Button>
          <Button variant="link" onClick={onRestart}>
            {t('otp.restart')}
          </Button>
        </div>
      </form>
      {config.data?.sms_outbox ? (
        <p className={styles.devHint}>
          {t('otp.devOutboxHint')}{' '}
          <a href={`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`} target="_blank" rel="noreferrer">
            {t('otp.devOutbox')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
