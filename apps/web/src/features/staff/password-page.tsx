import { newPasswordProblem } from '@kaunti/contract/password';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { toast } from '../../ui/toast/toast-store';
import styles from './staff.module.css';
import { staffApi } from './staff-api';

/**
 * /staff/password: an officer replaces the start password an administrator gave them (and may
 * change it later). The back office opens once it is done.
 */
export function StaffPasswordPage() {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const save = useMutation({
    mutationFn: () => staffApi.setPassword({ current_password: current, new_password: next }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['staff', 'me'] });
      toast.success(message(result.message));
      navigate('/staff', { replace: true });
    },
    onError: (error) => {
      const details = error instanceof ApiError ? error.details : [];
      setErrors(
        details.length
          ? details.map((d) => ({
              fieldId: d.path === 'current_password' ? 'staff-current' : 'staff-new',
              message: message(d.message),
            }))
          : [
              {
                fieldId: 'staff-current',
                message: error instanceof ApiError ? message(error.message) : t('failed'),
              },
            ],
      );
      setFocusKey((k) => k + 1);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: { fieldId: string; message: string }[] = [];
    if (!current) problems.push({ fieldId: 'staff-current', message: message('Please enter your password') });
    const problem = newPasswordProblem(next);
    if (problem) problems.push({ fieldId: 'staff-new', message: message(problem) });
    setErrors(problems);
    if (problems.length > 0) {
      setFocusKey((k) => k + 1);
      return;
    }
    save.mutate();
  }
  const errorOf = (fieldId: string) => errors.find((e) => e.fieldId === fieldId)?.message;
  return (
    <div className={styles.narrow}>
      <PageHeading title={t('password.title')} lead={t('password.lead')} />
      <form onSubmit={submit} noValidate className={styles.decision}>
        <ErrorSummary title={t('decisions.problem')} errors={errors} focusKey={focusKey} />
        <FormField
          id="staff-current"
          label={t('password.current')}
          error={errorOf('staff-current')}
          required
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              className={controlClass('input', Boolean(errorOf('staff-current')))}
              value={current}
              onChange={(event) => {
                setCurrent(event.currentTarget.value);
                setErrors((e) => e.filter((x) => x.fieldId !== 'staff-current'));
              }}
            />
          )}
        </FormField>
        <FormField
          id="staff-new"
          label={t('password.new')}
          hint={t('password.hint')}
          error={errorOf('staff-new')}
          required
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              className={controlClass('input', Boolean(errorOf('staff-new')))}
              value={next}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setNext(value);
                // Checked again as it is typed: the error goes once the password is strong enough.
                if (!newPasswordProblem(value)) setErrors((e) => e.filter((x) => x.fieldId !== 'staff-new'));
              }}
            />
          )}
        </FormField>
        <Button type="submit" busy={save.isPending} busyLabel={t('decisions.saving')}>
          {t('password.submit')}
        </Button>
      </form>
    </div>
  );
}
