import type { UploadLimits } from '@kaunti/contract/api-uploads';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * What a file field needs when it is drawn, without zod: copies of @kaunti/contract/api-uploads'
 * UPLOAD_ACCEPT and DEFAULT_UPLOAD_MAX_BYTES and of lib/uploads.ts's formatFileSize and upload
 * limit query (both modules stand on the contract's upload schemas, and so load zod).
 * upload-rules.test.ts keeps them equal. Checking and sending a chosen file (lib/uploads.ts) load
 * when a file is chosen (file-input.tsx).
 */

/** What an `<input type="file" accept>` should offer (the contract's UPLOAD_ACCEPT). */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** The size limit until `GET /api/uploads/limits` answers (the contract's DEFAULT_UPLOAD_MAX_BYTES). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The server's size limit (`GET /api/uploads/limits`), the default until it answers: the query
 * of lib/uploads.ts's useUploadLimit (the same key, so either reads the other's answer).
 */
export function useUploadLimit(): number {
  const { data } = useQuery({
    queryKey: ['upload-limits'],
    queryFn: () => api<UploadLimits>('/api/uploads/limits'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.max_bytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

/** "245 KB", "1.2 MB" (lib/uploads.ts's formatFileSize). */
export function formatFileSize(bytes: number, language: string): string {
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}
