import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../button/button';
import { controlClass, FormField } from '../form-field/form-field';
import styles from './conversation.module.css';

export interface ConversationEntry {
  id: string;
  /** Who wrote it: the applicant, or a county officer (shown differently, not by colour alone). */
  author: 'applicant' | 'officer';
  author_name: string;
  body: string;
  /** Already formatted for the reader. */
  when: string;
}

export interface ConversationTexts {
  heading: string;
  empty: string;
  label: string;
  hint: string;
  submit: string;
  busy: string;
  requiredLabel: string;
  /** Shown when the box is sent empty. */
  requiredMessage: string;
  errorPrefix: string;
  /** Read before each entry's author, e.g. "County officer" / "Applicant". */
  authorRole: (author: ConversationEntry['author']) => string;
}

/**
 * The comments written on an application by its applicant and county officers, oldest first,
 * and (while it may still be written on) a box to add one. The text is kept when sending fails
 * (the error is shown beside the box and focus goes to it); it is cleared once sent.
 */
export function Conversation({
  entries,
  texts,
  onSend,
  canWrite,
  headingLevel = 3,
}: {
  entries: ConversationEntry[];
  texts: ConversationTexts;
  /** Sends a comment; a rejection's message is shown as the field's error. */
  onSend?: (body: string) => Promise<unknown>;
  canWrite: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!onSend) return;
    if (body.trim() === '') {
      setError(texts.requiredMessage);
      box.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSend(body.trim());
      setBody('');
      setError(null);
      // The button was busy (disabled) while sending: focus stays in the conversation.
      box.current?.focus();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      box.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.conversation} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={styles.heading}>
        {texts.heading}
      </Heading>
      {entries.length === 0 ? (
        <p className={styles.none}>{texts.empty}</p>
      ) : (
        <ol className={styles.entries}>
          {entries.map((entry) => (
            <li key={entry.id} className={entry.author === 'officer' ? styles.officer : styles.applicant}>
              <p className={styles.meta}>
                <strong>{texts.authorRole(entry.author)}</strong> · {entry.author_name} · {entry.when}
              </p>
              <p className={styles.body}>{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && onSend ? (
        <form onSubmit={send} noValidate className={styles.form}>
          <FormField
            id={`${id}-body`}
            label={texts.label}
            hint={texts.hint}
            error={error ?? undefined}
            required
            requiredLabel={texts.requiredLabel}
            errorPrefix={texts.errorPrefix}
          >
            {(control) => (
              <textarea
                {...control}
                ref={box}
                rows={3}
                maxLength={1000}
                value={body}
                onChange={(event) => {
                  setBody(event.target.value);
                  if (event.target.value.trim() !== '') setError(null);
                }}
                className={controlClass('textarea', control['aria-invalid'])}
              />
            )}
          </FormField>
          <Button type="submit" variant="secondary" busy={busy} busyLabel={texts.busy}>
            {texts.submit}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
