import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { useHydrated } from '../use-hydrated';
import styles from './form-field.module.css';

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FormFieldProps {
  /** The control's id (the error summary links to it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The error shown beside the field; the control is then marked invalid. */
  error?: ReactNode;
  required?: boolean;
  /** The translated word read after the label of a required field, e.g. "required". */
  requiredLabel: string;
  /** The translated prefix read before an error, e.g. "Error:". */
  errorPrefix: string;
  /** Renders the control with the props that tie it to the label, hint and error. */
  children: (control: ControlProps) => ReactNode;
  /** Extra content after the control (e.g. an uploaded file's name). */
  after?: ReactNode;
}

/** The ids of a field's hint and error, as `aria-describedby` lists them. */
export function describedBy(id: string, parts: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : '', parts.error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * A labelled form field (GOV.UK style): the label, a red asterisk on a required field (with the
 * word "required" for screen readers, not colour alone), the hint, then the error, then the
 * control. The control gets `aria-invalid` and `aria-describedby` naming the hint and the error.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  required = false,
  requiredLabel,
  errorPrefix,
  children,
  after,
}: FormFieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const control: ControlProps = { id };
  const described = describedBy(id, { hint: Boolean(hint), error: hasError });
  if (described) control['aria-describedby'] = described;
  if (hasError) control['aria-invalid'] = true;
  if (required) control['aria-required'] = true;
  return (
    <div className={`${styles.field} ${hasError ? styles.invalid : ''}`} data-invalid={hasError || undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark label={requiredLabel} /> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={`${id}-error`} className={styles.error}>
          <span className="visually-hidden">{errorPrefix} </span>
          {error}
        </p>
      ) : null}
      {children(control)}
      {after}
    </div>
  );
}

/** The red asterisk of a required field, and the word for screen readers. */
export function RequiredMark({ label }: { label: string }) {
  return (
    <>
      <span className={styles.asterisk} aria-hidden="true">
        {' *'}
      </span>
      <span className="visually-hidden"> ({label})</span>
    </>
  );
}

/** The class of a text input, select or textarea (wider border and red when invalid). */
export function controlClass(kind: 'input' | 'select' | 'textarea' | 'file', invalid = false): string {
  return [styles.control, styles[kind], invalid ? styles.controlInvalid : ''].filter(Boolean).join(' ');
}

export interface InputFieldProps
  extends Omit<FormFieldProps, 'children'>,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required' | 'children'> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A FormField around a text input: every other prop (type, autoComplete, a form's
 * registration...) goes to the input; `className` is added to the control's own class.
 */
export function InputField({
  id,
  label,
  hint,
  error,
  required,
  requiredLabel,
  errorPrefix,
  after,
  className,
  ...input
}: InputFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      requiredLabel={requiredLabel}
      errorPrefix={errorPrefix}
      after={after}
    >
      {(control) => (
        <input
          {...control}
          {...input}
          className={[controlClass('input', control['aria-invalid']), className].filter(Boolean).join(' ')}
        />
      )}
    </FormField>
  );
}

export interface PasswordFieldProps extends Omit<InputFieldProps, 'type'> {
  /** The toggle's translated words, e.g. "Show password" and "Hide password". */
  showLabel: string;
  hideLabel: string;
}

/**
 * A password input with a show/hide toggle (a pressed button naming the field it controls). The
 * toggle works only with the page's script, so a page rendered on the server shows it once
 * hydrated; until then it keeps its place, unseen and out of reach (`visibility: hidden`), so
 * nothing below it moves when it appears (no layout shift).
 */
export function PasswordField({ showLabel, hideLabel, after, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <InputField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      after={
        <>
          <button
            type="button"
            className={hydrated ? styles.toggle : `${styles.toggle} ${styles.toggleWaiting}`}
            aria-controls={props.id}
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? hideLabel : showLabel}
          </button>
          {after}
        </>
      }
    />
  );
}
