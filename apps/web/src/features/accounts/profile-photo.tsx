import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import styles from './accounts.module.css';

/** A blob as an address an <img> can show, released when the blob changes or the page goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return url;
}

/**
 * The user's photo: an upload of theirs, fetched with the session's token (the API does not
 * read the cookie, so a plain <img src> cannot fetch it). A picture chosen but not yet saved is
 * shown from the file itself. Without one, the initials in a circle.
 */
export function ProfilePhoto({
  photoId,
  file,
  name,
}: {
  photoId: string | null | undefined;
  file?: File | undefined;
  name: string;
}) {
  const { t } = useTranslation('accounts');
  const stored = useQuery({
    queryKey: ['upload-image', photoId],
    queryFn: () => apiBlob(`/api/uploads/${encodeURIComponent(photoId ?? '')}`, 'image/*'),
    enabled: Boolean(photoId) && !file,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(file ?? (photoId ? stored.data : undefined));
  if (url) return <img className={styles.photo} src={url} alt={t('photo.alt', { name })} />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span className={`${styles.photo} ${styles.initials}`} role="img" aria-label={t('photo.none')}>
      {initials}
    </span>
  );
}
