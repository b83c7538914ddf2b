import type { UploadLimits } from '@kaunti/contract/api-uploads';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { errorText } from '../../lib/error-text';
import { lazyOnce } from '../../lib/lazy-resolver';
import type { UploadKinds } from '../../lib/uploads';
import { buttonClass } from '../../ui/button/button';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import styles from './accounts.module.css';
import { ProfilePhoto } from './profile-photo';
import { DEFAULT_UPLOAD_MAX_BYTES, formatMegabytes, PHOTO_FORMAT_MESSAGE } from './upload-rules';
import { useServerMessage } from './use-server-message';

/** A photo is a JPEG or a PNG (the server checks the bytes too). */
const PHOTO_UPLOADS: UploadKinds = {
  types: ['image/jpeg', 'image/png'],
  extensions: /\.(jpe?g|png)$/i,
  message: PHOTO_FORMAT_MESSAGE,
};

// Checking and sending a chosen file (lib/uploads.ts, on the contract's upload schemas and zod)
// load when the first file is chosen, not with /profile/edit; a failed download is forgotten, so
// the next choice tries again.
const loadUploads = lazyOnce(() => loadChunk(() => import('../../lib/uploads')));

/**
 * The server's size limit (`GET /api/uploads/limits`), the default until it answers: the query
 * of lib/uploads.ts's useUploadLimit (the same key, so either reads the other's answer), without
 * loading that module with the page.
 */
function usePhotoUploadLimit(): number {
  const { data } = useQuery({
    queryKey: ['upload-limits'],
    queryFn: () => api<UploadLimits>('/api/uploads/limits'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.max_bytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

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
  const maxBytes = usePhotoUploadLimit();
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string>();
  const input = useRef<HTMLInputElement | null>(null);

  async function choose(file: File) {
    setRefused(undefined);
    let uploads: Awaited<ReturnType<typeof loadUploads>>;
    try {
      uploads = await loadUploads();
    } catch (failure) {
      // The code that checks and sends the file could not be downloaded: said beside the field.
      const kind = failure instanceof ChunkLoadError ? failure.kind : 'other';
      setRefused(t(`common:loadError.${kind}`));
      if (input.current) input.current.value = '';
      return;
    }
    const problem = uploads.checkBeforeUpload(file, maxBytes, PHOTO_UPLOADS);
    if (problem) {
      setRefused(message(problem));
    } else {
      setSending(true);
      try {
        const upload = await uploads.uploadFile(file);
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
            {sending ? <p role="status">{t('photo.sending')}</p> : null}
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
            disabled={sending}
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
