import { formatMegabytes, PHOTO_FORMAT_MESSAGE } from '@kaunti/contract/upload-rules';
import { useRef, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/translator';
import { checkBeforeUpload, type UploadKinds, uploadFile, useUploadLimit } from '../../lib/uploads';
import { buttonClass } from '../../ui/button/button';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import styles from './accounts.module.css';
import { ProfilePhoto } from './profile-photo';
import { useServerMessage } from './use-server-message';

/** A photo is a JPEG or a PNG (the server checks the bytes too). */
const PHOTO_UPLOADS: UploadKinds = {
  types: ['image/jpeg', 'image/png'],
  extensions: /\.(jpe?g|png)$/i,
  message: PHOTO_FORMAT_MESSAGE,
};

/** What the edit form keeps of the photo: the upload id to save (null: none) and the new file. */
export interface PhotoChoice {
  id: string | null;
  file?: File;
}

/**
 * The photo field of /profile/edit: a JPEG or PNG is sent as soon as it is chosen
 * (`POST /api/uploads`) and shown; Save puts its id on the profile. A refused file gets its
 * message beside the field and the rest of the form is untouched.
 */
export function PhotoField({
  value,
  onChange,
  name,
  serverError,
}: {
  value: PhotoChoice;
  onChange: (choice: PhotoChoice) => void;
  name: string;
  /** The server's refusal of the saved photo (PUT /api/profile), if any. */
  serverError?: string | undefined;
}) {
  const { t } = useTranslation('accounts');
  const message = useServerMessage();
  const maxBytes = useUploadLimit();
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string>();
  const input = useRef<HTMLInputElement | null>(null);

  async function choose(file: File) {
    if (sending) return;
    setRefused(undefined);
    const problem = checkBeforeUpload(file, maxBytes, PHOTO_UPLOADS);
    if (problem) {
      setRefused(message(problem));
    } else {
      setSending(true);
      try {
        const upload = await uploadFile(file);
        onChange({ id: upload.id, file });
      } catch (error) {
        setRefused(message(errorText(error)));
      } finally {
        setSending(false);
      }
    }
    if (input.current) input.current.value = '';
  }

  const error = refused ?? serverError;
  return (
    <div className={styles.photoField}>
      <ProfilePhoto photoId={value.id} file={value.file} name={name} />
      <FormField
        id="photo"
        label={t('photo.label')}
        hint={t('photo.hint', { size: formatMegabytes(maxBytes) })}
        error={error}
        requiredLabel={t('required')}
        errorPrefix={t('errorPrefix')}
        after={
          <>
            {sending ? <p>{t('photo.sending')}</p> : null}
            {/* On the page before the answer: a refused photo is announced (ui/live-region). */}
            <LiveRegion
              message={sending ? t('photo.sending') : refused ? `${t('photo.label')}: ${refused}` : ''}
            />
            {value.id ? (
              <button
                type="button"
                className={buttonClass('secondary', styles.inlineButton)}
                onClick={() => {
                  setRefused(undefined);
                  onChange({ id: null });
                }}
              >
                {t('photo.remove')}
              </button>
            ) : null}
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept={PHOTO_UPLOADS.types.join(',')}
            className={controlClass('file', control['aria-invalid'])}
            // Not disabled while sending: a disabled control drops the focus to the page's body.
            aria-disabled={sending || undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void choose(file);
            }}
          />
        )}
      </FormField>
    </div>
  );
}
