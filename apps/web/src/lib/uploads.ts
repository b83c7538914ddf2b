import type { Upload, UploadLimits } from '@kaunti/contract/api-uploads';
import {
  ALLOWED_UPLOAD_TYPES,
  DEFAULT_UPLOAD_MAX_BYTES,
  UNSUPPORTED_UPLOAD_MESSAGE,
  UPLOAD_FIELD_NAME,
  uploadTooLargeMessage,
} from '@kaunti/contract/upload-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** What the form keeps about an uploaded file besides its id, to show it again. */
export interface UploadedFile {
  name: string;
  size: number;
  content_type: string;
}

/** What a file field takes: the types the browser or the file's name may say, and the refusal. */
export interface UploadKinds {
  types: readonly string[];
  extensions: RegExp;
  /** The message for any other file. */
  message: string;
}

/** A service's documents: JPEG, PNG or PDF. */
export const DOCUMENT_UPLOADS: UploadKinds = {
  types: ALLOWED_UPLOAD_TYPES,
  extensions: /\.(jpe?g|png|pdf)$/i,
  message: UNSUPPORTED_UPLOAD_MESSAGE,
};

/**
 * A quick check before sending (a phone on a slow link should not send 20 MB to be told no):
 * the size, and a type the browser or the name plainly says is not one the field takes. The
 * server has the last word: it reads the type from the bytes.
 */
export function checkBeforeUpload(
  file: File,
  maxBytes: number,
  kinds: UploadKinds = DOCUMENT_UPLOADS,
): string | undefined {
  if (file.size > maxBytes) return uploadTooLargeMessage(maxBytes);
  if (!kinds.types.includes(file.type) && !kinds.extensions.test(file.name)) return kinds.message;
  return undefined;
}

/** The server's size limit (`GET /api/uploads/limits`), the default until it answers. */
export function useUploadLimit(): number {
  const { data } = useQuery({
    queryKey: ['upload-limits'],
    queryFn: () => api<UploadLimits>('/api/uploads/limits'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.max_bytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

/** Sends one file (`POST /api/uploads`, multipart part "file"); throws ApiError when refused. */
export function uploadFile(file: File, signal?: AbortSignal): Promise<Upload> {
  const body = new FormData();
  body.append(UPLOAD_FIELD_NAME, file, file.name);
  return api<Upload>('/api/uploads', { method: 'POST', body, ...(signal ? { signal } : {}) });
}

/** "245 KB", "1.2 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
