import type { LoginRequest } from '@kaunti/contract/api-accounts';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { usePostedForm } from '../../lib/page-render';
import { readTokenCookie } from '../../lib/session-token';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { markLoginPending, useAuthState } from './auth-store';
import { PasswordField, UsernameField } from './form-controls';
import type { LoginPosted } from './login-post';
import { OtpStep } from './otp-step';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, ServerError } from './server-error';
import { startLogin } from './session';
import { tokenStatus } from './token';
import { abandonLogin, useFinishLogin } from './use-finish-login';
import { useServerMessage } from './use-server-message';

/** What other pages pass to /login in the navigation state. */
export interface LoginPageState {
  /** The route guard's message ("Please login to continue", ...), shown as a warning. */
  authMessage?: string;
  /** A success to confirm (e.g. after a password reset). */
  notice?: string;
}

// The form is checked on submit: its schema (and zod) load then, not with the page.
const loginResolver = lazyResolver<LoginRequest>(async () => {
  const [{ zodResolver }, { loginRequestSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('@kaunti/contract/api-accounts'),
  ]);
  return zodResolver(loginRequestSchema);
});

/**
 * /login: phone number or ID and password, then the one-time code. The county officers' door,
 * /staff/login, is the same sign-in (`forStaff`): its own heading, no sign-up (an administrator
 * creates officer accounts), and it leads to the back office.
 */
export function LoginPage({ forStaff = false }: { forStaff?: boolean }) {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginPageState;
  const auth = useAuthState();
  const home = forStaff ? '/staff' : '/';
  const finish = useFinishLogin(home, forStaff ? 'staff' : 'citizen');
  const status = tokenStatus(readTokenCookie());
  // Decided once: signing in on this page must not trigger it (the sign-in chooses where to go).
  const [alreadySignedIn] = useState(() => status === 'valid' && auth.isAuthenticated);
  // A plain form post (before the script arrived) answered this page: the first step again with
  // its message, or the code step (login-post.ts). Dropped when the user starts again.
  const posted = usePostedForm<LoginPosted>();
  const [postedCode, setPostedCode] = useState(posted?.step === 'code' ? posted : undefined);
  useLayoutEffect(() => {
    if (postedCode && !auth.pendingPhone)
      markLoginPending({
        mobile_number: postedCode.phone,
        otp_sent: postedCode.otp_sent,
        first_time_login: postedCode.first_time_login,
      });
  }, [postedCode, auth.pendingPhone]);

  const form = useForm<LoginRequest>({
    resolver: loginResolver,
    mode: 'onSubmit',
    defaultValues: { username: posted?.step === 'password' ? posted.username : '', password: '' },
  });
  const schema = useSchemaSubmit();
  const login = useMutation({
    // The officers' door refuses anyone but an active officer before the code is sent.
    mutationFn: forStaff ? accountsApi.staffLogin : accountsApi.login,
    onSuccess: startLogin,
    onError: (error) => applyFieldErrors(error, form.setError, ['username', 'password']),
  });

  if (alreadySignedIn) return <Navigate to={home} replace />;
  const pendingPhone = auth.pendingPhone ?? postedCode?.phone ?? null;
  const onCodeStep = pendingPhone !== null && (status === 'pending' || postedCode !== undefined);

  return (
    <div className={styles.narrow}>
      <PageHeading
        title={forStaff ? t('login.staffTitle') : t('login.title')}
        lead={onCodeStep ? undefined : forStaff ? t('login.staffLead') : t('login.lead')}
      />
      {state.authMessage ? <Alert variant="warning">{message(state.authMessage)}</Alert> : null}
      {state.notice ? <Alert variant="success">{message(state.notice)}</Alert> : null}
      {onCodeStep ? (
        <OtpStep
          phone={pendingPhone}
          otpSent={auth.pendingPhone ? auth.isOtpSent : (postedCode?.otp_sent ?? false)}
          postedMessage={postedCode?.message}
          onVerified={(response) => finish(response)}
          onRestart={() => {
            abandonLogin();
            setPostedCode(undefined);
            login.reset();
          }}
        />
      ) : (
        <section className={styles.panel} aria-label={forStaff ? t('login.staffTitle') : t('login.title')}>
          <ServerError
            error={login.isIdle && posted?.step === 'password' ? new Error(posted.message) : login.error}
          />
          <LoadErrorAlert failure={schema.failure} />
          <form
            noValidate
            method="post"
            onSubmit={schema.guard(form.handleSubmit((values) => login.mutate(values)))}
          >
            <UsernameField error={form.formState.errors.username} registration={form.register('username')} />
            <PasswordField
              id="password"
              label={t('fields.password')}
              required
              autoComplete="current-password"
              error={form.formState.errors.password}
              registration={form.register('password')}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={login.isPending || form.formState.isSubmitting}
                busyLabel={t('login.busy')}
              >
                {t('login.submit')}
              </Button>
              <Link to="/recover-password">{t('login.forgot')}</Link>
            </div>
          </form>
          {forStaff ? (
            <p className={styles.switch}>{t('login.staffNoAccount')}</p>
          ) : (
            <p className={styles.switch}>
              {t('login.noAccount')} <Link to="/signup">{t('login.createAccount')}</Link>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
