import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { InputField, type InputFieldProps } from '../../ui/form-field/form-field';

/**
 * A Sacco form's state: what was typed (kept when the server refuses it), each field's error
 * from the server's `details` (beside the field and in the summary, which takes the focus), and
 * a failure that names no field.
 */
export function useSaccoForm<K extends string>(prefix: string, empty: Record<K, string>) {
  const translate = useMessageTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);

  const submitWith = (send: (values: Record<K, string>) => Promise<unknown>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      await send(values);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(
          Object.fromEntries(error.details.map((d) => [d.path, translate(d.message)])) as Partial<
            Record<K, string>
          >,
        );
        setFocusKey((k) => k + 1);
      } else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const summary = (title: string, labels: Record<K, string>) => (
    <ErrorSummary
      title={title}
      focusKey={focusKey}
      errors={(Object.keys(errors) as K[]).map((name) => ({
        fieldId: `${prefix}-${name}`,
        message: errors[name]!,
        label: labels[name],
      }))}
    />
  );

  const field = (name: K, props: Omit<InputFieldProps, 'id' | 'requiredLabel' | 'errorPrefix'>) => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    // A changed field loses the server's error about what it held (and its line in the summary).
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _, ...rest } = current;
        return rest as Partial<Record<K, string>>;
      });
    },
    ...props,
  });

  return {
    values,
    errors,
    failure,
    busy,
    submitWith,
    summary,
    field,
    failureText: failure ? errorText(failure) : '',
  };
}

/** An InputField with the Sacco texts for "required" and "Error:". */
export function SaccoInput(props: Omit<InputFieldProps, 'requiredLabel' | 'errorPrefix'>) {
  const { t } = useTranslation('saccos');
  return <InputField requiredLabel={t('required')} errorPrefix={t('errorPrefix')} {...props} />;
}
