import { passwordStrength } from '@kaunti/contract/password-rules';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from '../../lib/form';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import {
  InputField,
  type InputFieldProps,
  PasswordField as PasswordInputField,
} from '../../ui/form-field/form-field';
import styles from './accounts.module.css';
import { useServerMessage } from './use-server-message';

export interface TextFieldProps
  extends Omit<
    InputFieldProps,
    'error' | 'requiredLabel' | 'errorPrefix' | 'ref' | 'name' | 'onChange' | 'onBlur'
  > {
  error?: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

/** The words every accounts field needs, and its error translated. */
function useFieldText(error: FieldError | undefined) {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  return {
    error: error?.message ? message(error.message) : undefined,
    requiredLabel: t('required'),
    errorPrefix: t('errorPrefix'),
  };
}

/** A labelled text input bound to its form (lib/form.ts); its error is translated. */
export function TextField({ error, registration, ...props }: TextFieldProps) {
  const text = useFieldText(error);
  return <InputField {...props} {...registration} {...text} />;
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'after'> {
  /** The value typed so far, for the strength meter (new passwords only). */
  strengthOf?: string;
}

/** A password input with a show/hide toggle (spec) and, for a new password, the strength meter. */
export function PasswordField({ strengthOf, error, registration, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('accounts');
  const text = useFieldText(error);
  return (
    <PasswordInputField
      {...props}
      {...registration}
      {...text}
      showLabel={t('password.show')}
      hideLabel={t('password.hide')}
      after={strengthOf === undefined ? null : <PasswordStrengthMeter password={strengthOf} />}
    />
  );
}

/** The one-time code of the code steps (sign-in, sign-up, phone change, password recovery). */
export function OtpField({ error, registration }: Pick<TextFieldProps, 'error' | 'registration'>) {
  const { t } = useTranslation('accounts');
  return (
    <TextField
      id="otp"
      label={t('fields.otp')}
      hint={t('fields.otpHint')}
      required
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      className={styles.otpInput}
      error={error}
      registration={registration}
    />
  );
}

/** Phone number or ID number, to sign in or to recover a password. */
export function UsernameField({ error, registration }: Pick<TextFieldProps, 'error' | 'registration'>) {
  const { t } = useTranslation('accounts');
  return (
    <TextField
      id="username"
      label={t('fields.username')}
      hint={t('fields.usernameHint')}
      required
      autoComplete="username"
      autoCapitalize="none"
      error={error}
      registration={registration}
    />
  );
}

type NameField = 'first_name' | 'middle_name' | 'sur_name';

/**
 * First name, middle name (optional) and surname (sign-up and the profile). The registrations
 * are made by the form itself, in page order: the form focuses the first invalid field in
 * the order the fields were registered.
 */
export function NameFields({
  registrations,
  errors,
}: {
  registrations: Record<NameField, UseFormRegisterReturn>;
  errors: Partial<Record<NameField, FieldError>>;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <TextField
        id="first_name"
        label={t('fields.firstName')}
        required
        autoComplete="given-name"
        error={errors.first_name}
        registration={registrations.first_name}
      />
      <TextField
        id="middle_name"
        label={t('fields.middleName')}
        autoComplete="additional-name"
        error={errors.middle_name}
        registration={registrations.middle_name}
      />
      <TextField
        id="sur_name"
        label={t('fields.surName')}
        required
        autoComplete="family-name"
        error={errors.sur_name}
        registration={registrations.sur_name}
      />
    </>
  );
}

/** A new password, with its strength as it is typed. */
export function NewPasswordField({
  value,
  ...props
}: Omit<PasswordFieldProps, 'strengthOf' | 'hint' | 'required' | 'autoComplete'> & {
  value: string | undefined;
}) {
  const { t } = useTranslation('accounts');
  return (
    <PasswordField
      {...props}
      hint={t('fields.newPasswordHint')}
      required
      autoComplete="new-password"
      strengthOf={value ?? ''}
    />
  );
}

/** The new password typed again. */
export function ConfirmPasswordField({
  error,
  registration,
}: Pick<TextFieldProps, 'error' | 'registration'>) {
  const { t } = useTranslation('accounts');
  return (
    <PasswordField
      id="confirm_password"
      label={t('fields.confirmPassword')}
      required
      autoComplete="new-password"
      error={error}
      registration={registration}
    />
  );
}

/** Where the code went ("We sent a code to …"), or a warning that it could not be sent; then how long it lasts. */
export function CodeSentNotice({
  sent,
  sentText,
  phone,
}: {
  sent: boolean;
  sentText: ReactNode;
  phone: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      {sent ? (
        <p className={styles.sentTo}>{sentText}</p>
      ) : (
        <Alert variant="warning">{t('otp.notSent', { phone })}</Alert>
      )}
      <p className={styles.muted}>{t('otp.validity')}</p>
    </>
  );
}

/** Spec: 0 weak, 1 medium, 2 strong, with the spec's messages; announced politely as it changes. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const strength = passwordStrength(password);
  return (
    <div className={styles.strength} data-level={password ? strength.level : undefined}>
      <div className={styles.strengthBar} aria-hidden="true">
        {[0, 1, 2].map((segment) => (
          <span
            key={segment}
            className={password && segment <= strength.level ? styles[`level${strength.level}`] : undefined}
          />
        ))}
      </div>
      <p className={styles.strengthText} aria-live="polite">
        {password ? (
          <>
            <span className="visually-hidden">{t('password.strength')}: </span>
            {message(strength.message)}
          </>
        ) : null}
      </p>
    </div>
  );
}
