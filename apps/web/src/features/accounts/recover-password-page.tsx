import type { PasswordForgotRequest } from '@kaunti/contract/api-accounts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { type TypedAgain, usePostedForm } from '../../lib/page-render';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import {
  CodeSentNotice,
  ConfirmPasswordField,
  NewPasswordField,
  OtpField,
  UsernameField,
} from './form-controls';
import type { ResetFormInput, ResetFormOutput } from './form-schemas';
import type { LoginPageState } from './login-page';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, SendAgainNotice, ServerError } from './server-error';

// The forms are checked on submit: their schemas (and zod) load then, not with the page.
const forgotResolver = lazyResolver<PasswordForgotRequest>(async () => {
  const [{ zodResolver }, { passwordForgotRequestSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('@kaunti/contract/api-accounts'),
  ]);
  return zodResolver(passwordForgotRequestSchema);
});
const resetResolver = lazyResolver<ResetFormInput, ResetFormOutput>(async () => {
  const [{ zodResolver }, { resetFormSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('./form-schemas'),
  ]);
  return zodResolver(resetFormSchema);
});

/** /recover-password: a code to the account's phone, then the code and a new password. */
export function RecoverPasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [request, setRequest] = useState<{ username: string; sent: boolean }>();
  const typed = usePostedForm<TypedAgain>()?.typed;

  const first = useForm<PasswordForgotRequest>({
    resolver: forgotResolver,
    mode: 'onSubmit',
    // Sent before the page's script arrived: the username again (lib/page-render.ts keepTyped).
    defaultValues: { username: typed?.username ?? '' },
  });
  const second = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: resetResolver,
    mode: 'onSubmit',
    defaultValues: { otp: '', password: '', confirm_password: '' },
  });

  const firstSchema = useSchemaSubmit();
  const secondSchema = useSchemaSubmit();
  const forgot = useMutation({
    mutationFn: accountsApi.forgotPassword,
    onSuccess: (response, username) => setRequest({ username, sent: response.otp_sent }),
    onError: (error) => applyFieldErrors(error, first.setError, ['username']),
  });
  const reset = useMutation({
    mutationFn: (values: ResetFormOutput) =>
      accountsApi.resetPassword({
        username: request?.username ?? '',
        otp: values.otp,
        password: values.password,
      }),
    onSuccess: (response) => {
      const state: LoginPageState = { notice: response.message };
      navigate('/login', { replace: true, state });
    },
    onError: (error) => applyFieldErrors(error, second.setError, ['otp', 'password'], 'otp'),
  });

  return (
    <div className={styles.narrow}>
      <PageHeading title={t('recover.title')} lead={request ? undefined : t('recover.lead')} />
      {request ? (
        <section className={styles.panel} aria-label={t('recover.title')}>
          <CodeSentNotice sent={request.sent} sentText={t('recover.codeSent')} phone={request.username} />
          <ServerError error={reset.error ?? forgot.error} />
          <LoadErrorAlert failure={secondSchema.failure} />
          <form
            noValidate
            onSubmit={secondSchema.guard(second.handleSubmit((values) => reset.mutate(values)))}
          >
            <OtpField error={second.formState.errors.otp} registration={second.register('otp')} />
            <NewPasswordField
              id="password"
              label={t('fields.newPassword')}
              value={second.watch('password')}
              error={second.formState.errors.password}
              registration={second.register('password')}
            />
            <ConfirmPasswordField
              error={second.formState.errors.confirm_password}
              registration={second.register('confirm_password')}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={reset.isPending || second.formState.isSubmitting}
                busyLabel={t('recover.busy')}
              >
                {t('recover.submit')}
              </Button>
              <Button
                variant="secondary"
                busy={forgot.isPending}
                busyLabel={t('otp.resending')}
                onClick={() => forgot.mutate(request.username)}
              >
                {t('otp.resend')}
              </Button>
              <Button
                variant="link"
                onClick={() => {
                  setRequest(undefined);
                  reset.reset();
                  forgot.reset();
                }}
              >
                {t('recover.startAgain')}
              </Button>
            </div>
          </form>
        </section>
      ) : (
        <section className={styles.panel} aria-label={t('recover.title')}>
          <ServerError error={forgot.error} />
          <LoadErrorAlert failure={firstSchema.failure} />
          {typed && forgot.isIdle ? <SendAgainNotice /> : null}
          <form
            noValidate
            method="post"
            onSubmit={firstSchema.guard(first.handleSubmit((values) => forgot.mutate(values.username)))}
          >
            <UsernameField
              error={first.formState.errors.username}
              registration={first.register('username')}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={forgot.isPending || first.formState.isSubmitting}
                busyLabel={t('recover.sending')}
              >
                {t('recover.sendCode')}
              </Button>
              <Link to="/login">{t('recover.backToLogin')}</Link>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
