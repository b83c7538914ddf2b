/** The reader's choice of language on this device (the app writes it; the server and the service worker read it). */
export const LANGUAGE_COOKIE = 'kaunti_language';
