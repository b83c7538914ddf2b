import { formatDisplayDate } from '@kaunti/contract/dates';

/**
 * Dates and times on the verification pages: English as on the documents ("1st January 2024"),
 * Kiswahili through the browser's own month names; always Nairobi time.
 */
export function formatDate(iso: string, language: string): string {
  return formatDisplayDate(iso, language);
}

export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language.startsWith('sw') ? 'sw-KE' : 'en-KE', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));
}
