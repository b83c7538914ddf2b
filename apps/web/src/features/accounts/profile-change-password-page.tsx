import { useMutation } from '@tanstack/react-query';
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
import { ConfirmPasswordField, NewPasswordField, PasswordField } from './form-controls';
import type { ChangePasswordFormInput, ChangePasswordFormOutput } from './form-schemas';
import { useSchemaSubmit } from './schema-submit';
import { applyFieldErrors, ServerError } from './server-error';
import { useServerMessage } from './use-server-message';

// The form is checked on submit: its schema (and zod) load then, not with the page.
const changePasswordResolver = lazyResolver<ChangePasswordFormInput, ChangePasswordFormOutput>(async () => {
  const [{ zodResolver }, { changePasswordFormSchema }] = await Promise.all([
    import('../../lib/zod-resolver'),
    import('./form-schemas'),
  ]);
  return zodResolver(changePasswordFormSchema);
});

/** /profile/change-password: the current password and a new one (other sessions end). */
export function ProfileChangePasswordPage() {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const navigate = useNavigate();
  const form = useForm<ChangePasswordFormInput, unknown, ChangePasswordFormOutput>({
    resolver: changePasswordResolver,
    mode: 'onSubmit',
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const change = useMutation({
    mutationFn: ({ current_password, new_password }: ChangePasswordFormOutput) =>
      accountsApi.changePassword({ current_password, new_password }),
    onSuccess: (response) => {
      toast.success(message(response.message));
      navigate('/profile/view');
    },
    onError: (error) => applyFieldErrors(error, form.setError, ['current_password', 'new_password']),
  });
  const schema = useSchemaSubmit();
  const errors = form.formState.errors;

  return (
    <div className={styles.narrow}>
      <PageHeading title={t('changePassword.title')} lead={t('changePassword.lead')} />
      <section className={styles.panel} aria-label={t('changePassword.title')}>
        <ServerError error={change.error} />
        <LoadErrorAlert failure={schema.failure} />
        <form noValidate onSubmit={schema.guard(form.handleSubmit((values) => change.mutate(values)))}>
          <PasswordField
            id="current_password"
            label={t('fields.currentPassword')}
            required
            autoComplete="current-password"
            error={errors.current_password}
            registration={form.register('current_password')}
          />
          <NewPasswordField
            id="new_password"
            label={t('fields.newPassword')}
            value={form.watch('new_password')}
            error={errors.new_password}
            registration={form.register('new_password')}
          />
          <ConfirmPasswordField
            error={errors.confirm_password}
            registration={form.register('confirm_password')}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              busy={change.isPending || form.formState.isSubmitting}
              busyLabel={t('changePassword.busy')}
            >
              {t('changePassword.submit')}
            </Button>
            <Link to="/profile/view">{t('edit.cancel')}</Link>
          </div>
        </form>
      </section>
    </div>
  );
}
