import type { OtpVerifyRequest } from '@kaunti/contract/api-accounts';
import { maskPhone } from '@kaunti/contract/masking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { toast } from '../../ui/toast/toast-store';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { setCurrentUser } from './auth-store';
import { CodeSentNotice, OtpField, PasswordField, TextField } from './form-controls';
import type { ChangePhoneStartInput, ChangePhoneStartOutput } from './form-schemas';
import { PROFILE_QUERY_KEY } from './profile-query';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, ServerError } from './server-error';
import { useServerMessage } from './use-server-message';

// The forms are checked on submit: their schemas (and zod) load then, not with the page.
const startResolver = lazyResolver<ChangePhoneStartInput, ChangePhoneStartOutput>(async () => {
  const [{ zodResolver }, { changePhoneStartSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('./form-schemas'),
  ]);
  return zodResolver(changePhoneStartSchema);
});
const codeResolver = lazyResolver<OtpVerifyRequest>(async () => {
  const [{ zodResolver }, { otpVerifyRequestSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('@kaunti/contract/api-accounts'),
  ]);
  return zodResolver(otpVerifyRequestSchema);
});

/** /profile/change-phone: the new number and the password, then the code sent to the new number. */
export function ProfileChangePhonePage() {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ phone: string; sent: boolean }>();

  const first = useForm<ChangePhoneStartInput, unknown, ChangePhoneStartOutput>({
    resolver: startResolver,
    mode: 'onSubmit',
    defaultValues: { phone_number: '', password: '' },
  });
  const second = useForm<OtpVerifyRequest>({
    resolver: codeResolver,
    mode: 'onSubmit',
    defaultValues: { otp: '' },
  });
  const firstSchema = useSchemaSubmit();
  const secondSchema = useSchemaSubmit();
  const start = useMutation({
    mutationFn: (values: ChangePhoneStartOutput) => accountsApi.changePhone(values),
    onSuccess: (response) => setPending({ phone: response.mobile_number, sent: response.otp_sent }),
    onError: (error) => applyFieldErrors(error, first.setError, ['phone_number', 'password']),
  });
  const confirm = useMutation({
    mutationFn: (otp: string) => accountsApi.changePhone({ phone_number: pending?.phone ?? '', otp }),
    onSuccess: async (response) => {
      if (response.data) {
        setCurrentUser({
          id: response.data.id,
          first_name: response.data.first_name,
          phone_number: response.data.phone_number,
        });
      }
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      toast.success(message(response.message));
      navigate('/profile/view');
    },
    onError: (error) => applyFieldErrors(error, second.setError, ['otp'], 'otp'),
  });

  return (
    <div className={styles.narrow}>
      <PageHeading title={t('changePhone.title')} lead={pending ? undefined : t('changePhone.lead')} />
      {pending ? (
        <section className={styles.panel} aria-label={t('changePhone.title')}>
          <CodeSentNotice
            sent={pending.sent}
            sentText={t('changePhone.codeSent', { phone: maskPhone(pending.phone) })}
            phone={maskPhone(pending.phone)}
          />
          <ServerError error={confirm.error} />
          <LoadErrorAlert failure={secondSchema.failure} />
          <form
            noValidate
            onSubmit={secondSchema.guard(second.handleSubmit((values) => confirm.mutate(values.otp)))}
          >
            <OtpField error={second.formState.errors.otp} registration={second.register('otp')} />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={confirm.isPending || second.formState.isSubmitting}
                busyLabel={t('changePhone.busy')}
              >
                {t('changePhone.submit')}
              </Button>
              <Button
                variant="link"
                onClick={() => {
                  setPending(undefined);
                  confirm.reset();
                  second.reset({ otp: '' });
                }}
              >
                {t('changePhone.startAgain')}
              </Button>
            </div>
          </form>
        </section>
      ) : (
        <section className={styles.panel} aria-label={t('changePhone.title')}>
          <ServerError error={start.error} />
          <LoadErrorAlert failure={firstSchema.failure} />
          <form noValidate onSubmit={firstSchema.guard(first.handleSubmit((values) => start.mutate(values)))}>
            <TextField
              id="phone_number"
              label={t('fields.newPhone')}
              hint={t('fields.phoneHint')}
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              error={first.formState.errors.phone_number}
              registration={first.register('phone_number')}
            />
            <PasswordField
              id="password"
              label={t('fields.currentPassword')}
              required
              autoComplete="current-password"
              error={first.formState.errors.password}
              registration={first.register('password')}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={start.isPending || first.formState.isSubmitting}
                busyLabel={t('changePhone.sending')}
              >
                {t('changePhone.sendCode')}
              </Button>
              <Link to="/profile/view">{t('edit.cancel')}</Link>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
