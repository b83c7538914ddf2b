import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { UPLOAD_ACCEPT } from '@kaunti/contract/upload-rules';
import { useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { useController } from '../../../lib/form';
import type { ServiceText } from '../../../lib/service-text';
import { useTranslation } from '../../../lib/translator';
import {
  checkBeforeUpload,
  formatFileSize,
  type UploadedFile,
  uploadFile,
  useUploadLimit,
} from '../../../lib/uploads';
import { buttonClass } from '../../../ui/button/button';
import { LiveRegion } from '../../../ui/live-region/live-region';
import styles from '../service-wizard.module.css';
import { fieldId, WizardField } from './wizard-field';

/**
 * A file field: the file is sent as soon as it is chosen (`POST /api/uploads`) and the form
 * keeps the upload's id. While it is sent the field says so; once kept it shows the file's name
 * and size with a Remove button. A refused file (wrong type, too large) gets the server's
 * message beside the field and nothing else in the form changes.
 */
export function FileInput({
  field,
  text,
  file,
  onFileChange,
  onBusyChange,
}: {
  field: FieldDefinition;
  text: ServiceText;
  file: UploadedFile | undefined;
  onFileChange: (name: string, file: UploadedFile | undefined) => void;
  onBusyChange: (name: string, busy: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['wizard', 'common']);
  const { field: control, fieldState } = useController({ name: field.name });
  const maxBytes = useUploadLimit();
  const [sending, setSending] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const removeRef = useRef<HTMLButtonElement | null>(null);
  const uploadId = typeof control.value === 'string' && control.value !== '' ? control.value : undefined;
  const id = fieldId(field.name);

  async function send(chosen: File) {
    if (sending) return;
    setRefused(undefined);
    const problem = checkBeforeUpload(chosen, maxBytes);
    if (problem) {
      setRefused(text.message(problem));
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setSending(chosen.name);
    onBusyChange(field.name, true);
    try {
      const upload = await uploadFile(chosen);
      // The file's details first: the draft saved on the id's change then carries them too.
      onFileChange(field.name, { name: upload.name, size: upload.size, content_type: upload.content_type });
      control.onChange(upload.id);
      // The picker is replaced by the file's name: keep the focus in the field.
      requestAnimationFrame(() => removeRef.current?.focus());
    } catch (error) {
      setRefused(text.message(errorText(error)));
    } finally {
      setSending(undefined);
      onBusyChange(field.name, false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function remove() {
    onFileChange(field.name, undefined);
    control.onChange('');
    setRefused(undefined);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  return (
    <WizardField
      field={field}
      text={text}
      extraError={refused}
      after={
        <>
          {sending ? <p className={styles.uploading}>{t('upload.sending', { name: sending })}</p> : null}
          {/* On the page before the answer: "uploading", then a refusal is announced (ui/live-region). */}
          <LiveRegion
            message={
              sending
                ? t('upload.sending', { name: sending })
                : refused
                  ? `${text.label(field)}: ${refused}`
                  : ''
            }
          />
        </>
      }
    >
      {(aria) =>
        uploadId ? (
          <div className={styles.uploaded}>
            <span className={styles.fileIcon} aria-hidden="true">
              {file?.content_type === 'application/pdf' ? 'PDF' : 'IMG'}
            </span>
            <span className={styles.fileName} id={`${id}-file`}>
              {file ? (
                <>
                  <span className={styles.fileTitle}>{file.name}</span>
                  <span className={styles.fileSize}>{formatFileSize(file.size, i18n.language)}</span>
                </>
              ) : (
                t('upload.kept')
              )}
            </span>
            <button
              ref={(element) => {
                removeRef.current = element;
                control.ref(element);
              }}
              type="button"
              className={buttonClass('secondary', styles.remove)}
              onClick={remove}
              aria-describedby={`${id}-file`}
            >
              {t('upload.remove')}
              <span className="visually-hidden"> {text.label(field)}</span>
            </button>
          </div>
        ) : (
          // The browser's own picker says "Choose File / No file chosen" in the browser's
          // language, not the page's: the input stays (focusable, named by the field's label) but
          // is drawn by a translated label styled as a button.
          <div className={`${styles.picker} ${fieldState.invalid || refused ? styles.pickerInvalid : ''}`}>
            <input
              {...aria}
              ref={(element) => {
                inputRef.current = element;
                control.ref(element);
              }}
              type="file"
              name={field.name}
              accept={UPLOAD_ACCEPT}
              className={styles.fileInput}
              // Not disabled while sending: a disabled control drops the focus to the page's body.
              aria-disabled={sending !== undefined || undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void send(chosen);
              }}
              onBlur={control.onBlur}
            />
            <label htmlFor={id} className={buttonClass('secondary', styles.pickerButton)} aria-hidden="true">
              {t('upload.choose')}
            </label>
            <span className={styles.pickerNote} aria-hidden="true">
              {t('upload.types')}
            </span>
          </div>
        )
      }
    </WizardField>
  );
}
