import { api, hasAuthToken, setApiLanguage } from './api-client';
import { LANGUAGE_COOKIE } from './language-cookie';
import {
  createTranslator,
  type Messages,
  setAppTranslator,
  type Translator,
  useTranslation,
} from './translator';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'sw', label: 'Kiswahili' },
] as const;
export type Language = (typeof languages)[number]['code'];

const STORAGE_KEY = 'kaunti.language';

/** Translation files, one chunk per language and namespace, fetched when first needed. */
const files = import.meta.glob<{ default: Messages }>('../locales/*/*.json');

/**
 * The catalogue's texts in a language (the services' names, menu sentences and step titles, from
 * their folders: made at build time), part of that language's `common` namespace.
 */
const catalogueTexts: Record<string, () => Promise<{ default: Messages }>> = {
  sw: () => import('virtual:kaunti-catalogue-texts/sw') as Promise<{ default: Messages }>,
};

function loadFile(language: string, namespace: string): Promise<Messages> {
  const load = files[`../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No ${namespace} translations for ${language}`));
  const catalogue = namespace === 'common' ? catalogueTexts[language] : undefined;
  if (!catalogue) return load().then((module) => module.default);
  return Promise.all([load(), catalogue()]).then(([own, texts]) => ({ ...own.default, ...texts.default }));
}

/** True when the app has texts of its own in this namespace (an area may have none: its services' are in their folders). */
export function hasNamespace(namespace: string): boolean {
  return Object.hasOwn(files, `../locales/en/${namespace}.json`);
}

let translator: Translator | undefined;

/** The cookie that tells the server which language to render a page in (docs/decisions/020). */
export { LANGUAGE_COOKIE };

function savedLanguage(): Language | undefined {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'sw') return saved;
  } catch {
    // Storage can be blocked; English is the default.
  }
  return undefined;
}

function initialLanguage(): Language {
  return savedLanguage() ?? (navigator.language?.toLowerCase().startsWith('sw') ? 'sw' : 'en');
}

/** The language the reader chose on this device, when it is not the one a page was rendered in. */
export function preferredLanguageOtherThan(rendered: Language): Language | undefined {
  const saved = savedLanguage();
  return saved && saved !== rendered ? saved : undefined;
}

/** A translator over the app's locale files (the server renders each language with its own). */
export function createAppTranslator(language: Language): Translator {
  return createTranslator({ language, fallbackLanguage: 'en', defaultNamespace: 'common', load: loadFile });
}

/**
 * Starts the app's translator, in `language` (a page rendered on the server: its language) or
 * the reader's; resolves with it when its common texts are loaded.
 */
export async function startI18n(language: Language = initialLanguage()): Promise<Translator> {
  const started = createAppTranslator(language);
  translator = started;
  setAppTranslator(started);
  document.documentElement.lang = started.language;
  rememberLanguageForServer(started.language);
  setApiLanguage(started.language);
  started.subscribe(() => {
    document.documentElement.lang = started.language;
    rememberLanguageForServer(started.language);
    setApiLanguage(started.language);
  });
  await started.load(['common']);
  return started;
}

/** The server renders the next page in this language (a year; not sent anywhere else). */
function rememberLanguageForServer(language: string): void {
  const parts = [`${LANGUAGE_COOKIE}=${language}`, 'path=/', 'SameSite=Lax', 'max-age=31536000'];
  if (location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = parts.join('; ');
}

/**
 * Switches the language and remembers it on this device; a signed-in user's account keeps it
 * too, so the county's SMS come in it (PUT /api/profile/language).
 */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered, but still switched.
  }
  if (hasAuthToken())
    void api('/api/profile/language', { method: 'PUT', body: { language } }).catch(() => {
      // The page is switched all the same; the account keeps its language until the next switch.
    });
  await translator?.changeLanguage(language);
}

/**
 * Translates a message that arrived as English text (a server error, a validation message):
 * the English sentence is the key in the `messages` namespace; unknown sentences stay as they are.
 */
export function useMessageTranslation(): (message: string) => string {
  const { t } = useTranslation('messages');
  return (message) => translateMessage(t, message);
}

/**
 * A server message in the reader's language. A sentence with numbers in it ("Please try again in
 * 12 minutes.") is looked up with each number as {{n1}}, {{n2}}… ("… in {{n1}} minutes."), so
 * composite messages are translated too; anything unknown stays as the server wrote it.
 */
export function translateMessage(
  t: (key: string, options: Record<string, unknown>) => string,
  message: string,
): string {
  const options = { keySeparator: false, nsSeparator: false } as const;
  const exact = t(message, { ...options, defaultValue: '' });
  if (exact) return exact;
  const values: Record<string, string> = {};
  let count = 0;
  const template = message.replace(/\d[\d,.]*\d|\d/g, (number) => {
    count += 1;
    values[`n${count}`] = number;
    return `{{n${count}}}`;
  });
  if (count === 0) return message;
  const translated = t(template, { ...options, ...values, defaultValue: '' });
  return translated || message;
}
