import { identifierTypeOf } from '@kaunti/contract/identifier-rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from '../../lib/form';
import { lazyResolver } from '../../lib/lazy-resolver';
import { type TypedAgain, usePostedForm } from '../../lib/page-render';
import { readTokenCookie } from '../../lib/session-token';
import { useTranslation } from '../../lib/translator';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import styles from './accounts.module.css';
import { accountsApi } from './accounts-api';
import { useAuthState } from './auth-store';
import { ConfirmPasswordField, NameFields, NewPasswordField, TextField } from './form-controls';
import type { SignupFormInput, SignupFormOutput } from './form-schemas';
import { OtpStep } from './otp-step';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, SendAgainNotice, ServerError } from './server-error';
import { startLogin } from './session';
import { tokenStatus } from './token';
import { abandonLogin, useFinishLogin } from './use-finish-login';

const FIELDS = [
  'first_name',
  'middle_name',
  'sur_name',
  'identifier',
  'phone_number',
  'email',
  'password',
] as const;

// The form is checked on submit: its schema (and zod) load then, not with the page.
const signupResolver = lazyResolver<SignupFormInput, SignupFormOutput>(async () => {
  const [{ zodResolver }, { signupFormSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('./form-schemas'),
  ]);
  return zodResolver(signupFormSchema);
});

/** /signup: the account's details, then the one-time code sent to the new phone. */
export function SignupPage() {
  const { t } = useTranslation('accounts');
  const auth = useAuthState();
  const finish = useFinishLogin('/profile/view');
  const [customerNo, setCustomerNo] = useState<string>();

  // Sent before the page's script arrived: what was typed, again (lib/page-render.ts keepTyped).
  const typed = usePostedForm<TypedAgain>()?.typed;
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: signupResolver,
    mode: 'onSubmit',
    defaultValues: {
      first_name: typed?.first_name ?? '',
      middle_name: typed?.middle_name ?? '',
      sur_name: typed?.sur_name ?? '',
      identifier: typed?.identifier ?? '',
      phone_number: typed?.phone_number ?? '',
      email: typed?.email ?? '',
      password: '',
      confirm_password: '',
    },
  });
  const signup = useMutation({
    mutationFn: ({ confirm_password: _, ...body }: SignupFormOutput) => accountsApi.signup(body),
    onSuccess: (response) => {
      setCustomerNo(response.customer_no);
      startLogin(response);
    },
    onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });
  const schema = useSchemaSubmit();
  const errors = form.formState.errors;
  const identifier = form.watch('identifier');
  const password = form.watch('password');
  // After a reload on the code step, the pending login (cookie and this tab's storage) brings it back.
  const onCodeStep = tokenStatus(readTokenCookie()) === 'pending' && auth.pendingPhone !== null;

  return (
    <div className={styles.narrow}>
      <PageHeading title={t('signup.title')} lead={onCodeStep ? undefined : t('signup.lead')} />
      {onCodeStep ? (
        <OtpStep
          phone={auth.pendingPhone ?? ''}
          otpSent={auth.isOtpSent}
          onVerified={(response) =>
            finish(response, customerNo ? t('signup.created', { customerNo }) : undefined)
          }
          onRestart={() => {
            abandonLogin();
            setCustomerNo(undefined);
            signup.reset();
          }}
        />
      ) : (
        <section className={styles.panel} aria-label={t('signup.title')}>
          <ServerError error={signup.error} />
          <LoadErrorAlert failure={schema.failure} />
          {typed && signup.isIdle ? <SendAgainNotice /> : null}
          <form
            noValidate
            method="post"
            onSubmit={schema.guard(form.handleSubmit((values) => signup.mutate(values)))}
          >
            <NameFields
              registrations={{
                first_name: form.register('first_name'),
                middle_name: form.register('middle_name'),
                sur_name: form.register('sur_name'),
              }}
              errors={errors}
            />
            <TextField
              id="identifier"
              label={t('fields.identifier')}
              hint={t('fields.identifierHint')}
              required
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              error={errors.identifier}
              registration={form.register('identifier')}
              after={
                <p className={styles.identifierType} aria-live="polite" data-testid="identifier-type">
                  {identifier?.trim()
                    ? t('fields.identifierType', {
                        type: t(`identifierTypes.${identifierTypeOf(identifier)}`),
                      })
                    : null}
                </p>
              }
            />
            <TextField
              id="phone_number"
              label={t('fields.phone')}
              hint={t('fields.phoneHint')}
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              error={errors.phone_number}
              registration={form.register('phone_number')}
            />
            <TextField
              id="email"
              label={t('fields.email')}
              required
              type="email"
              autoComplete="email"
              error={errors.email}
              registration={form.register('email')}
            />
            <NewPasswordField
              id="password"
              label={t('fields.password')}
              value={password}
              error={errors.password}
              registration={form.register('password')}
            />
            <ConfirmPasswordField
              error={errors.confirm_password}
              registration={form.register('confirm_password')}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                busy={signup.isPending || form.formState.isSubmitting}
                busyLabel={t('signup.busy')}
              >
                {t('signup.submit')}
              </Button>
            </div>
          </form>
          <p className={styles.switch}>
            {t('signup.haveAccount')} <Link to="/login">{t('signup.signIn')}</Link>
          </p>
        </section>
      )}
    </div>
  );
}
