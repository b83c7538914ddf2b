import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * Kaunti's translator: the few i18next features the app uses, in a couple of KiB.
 *
 * Texts live in JSON files, one per language and namespace (`locales/sw/land.json`), loaded
 * when a component first asks for the namespace; until then that component suspends. A key is
 * a dotted path into the file (`pay.stk.steps`), optionally prefixed by its namespace
 * (`land:fields.lr_number.label`). Lookup order: the language, then the fallback language
 * (English), then the options' `defaultValue`, then the key itself. Supported options:
 *
 * - `{{name}}` placeholders, filled from the options (not escaped: React escapes);
 * - `count`: the key `<key>_zero` when count is 0, then `<key>_<plural category>` (Intl.PluralRules
 *   of the language: `_one`, `_other`…), then `<key>`;
 * - `returnObjects`: a list or object comes back as it is, its strings filled in;
 * - `keySeparator: false` / `nsSeparator: false`: the key is one whole key (an English sentence).
 *
 * An array of keys is tried in order. A namespace that fails to load (twice) counts as empty:
 * its texts fall back to English, or show their key, and the page still renders.
 */

export type Messages = Record<string, unknown>;
/** language → namespace → texts. */
export type Resources = Record<string, Record<string, Messages>>;

export interface TOptions {
  defaultValue?: string;
  count?: number;
  returnObjects?: boolean;
  keySeparator?: false;
  nsSeparator?: false;
  /** Values for the `{{name}}` placeholders. */
  [value: string]: unknown;
}

export interface TFunction {
  (key: string | readonly string[], options: TOptions & { returnObjects: true }): unknown;
  (key: string | readonly string[], options?: TOptions): string;
}

export interface TranslatorOptions {
  language: string;
  /** Where a text missing in `language` is looked up; 'en' unless told. */
  fallbackLanguage?: string;
  /** The namespace of `useTranslation()` without arguments; 'common' unless told. */
  defaultNamespace?: string;
  /** Texts given directly (tests); a namespace not given counts as empty unless `load` has it. */
  resources?: Resources;
  /** Fetches one language's namespace (the app: a lazily imported JSON file). */
  load?: (language: string, namespace: string) => Promise<Messages>;
}

export interface Translator {
  readonly language: string;
  /** The same as `language` (every language offered has its own files); i18next's name for it. */
  readonly resolvedLanguage: string;
  readonly defaultNamespace: string;
  /** Whether these namespaces are loaded (or failed) for the language and its fallback. */
  isReady(namespaces: readonly string[], language?: string): boolean;
  /** Loads these namespaces for the language (the current one unless told) and its fallback. */
  load(namespaces: readonly string[], language?: string): Promise<void>;
  /** A `t` looking unprefixed keys up in `namespace`, in `language` (the current one unless told). */
  fixedT(namespace?: string, language?: string): TFunction;
  /** Loads every namespace used so far in the new language, then switches and tells listeners. */
  changeLanguage(language: string): Promise<void>;
  subscribe(listener: () => void): () => void;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const plurals = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    plurals.set(language, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TOptions): string {
  // A placeholder with no value given stays visible (as i18next does), so the mistake shows.
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in options ? String(options[name] ?? '') : whole,
  );
}

/** Strings filled in, everywhere inside a list or object. */
function fill(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => fill(item, options));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, options)]));
  return value;
}

function find(messages: Messages | undefined, key: string, nested: boolean): unknown {
  if (!nested) return messages?.[key];
  let value: unknown = messages;
  for (const part of key.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Messages)[part];
  }
  return value;
}

export function createTranslator({
  language: initial,
  fallbackLanguage = 'en',
  defaultNamespace = 'common',
  resources = {},
  load,
}: TranslatorOptions): Translator {
  let language = initial;
  let switching = 0;
  const texts: Resources = { ...resources };
  /** `language|namespace` → the load under way or done (never rejects). */
  const loads = new Map<string, Promise<void>>();
  /** Combined loads, so a suspended component is given the same promise each render. */
  const pending = new Map<string, Promise<void>>();
  const used = new Set<string>([defaultNamespace]);
  const listeners = new Set<() => void>();

  const languagesFor = (lng: string) => (lng === fallbackLanguage ? [lng] : [lng, fallbackLanguage]);
  const settled = (lng: string, ns: string) => !load || texts[lng]?.[ns] !== undefined;

  const loadOne = (lng: string, ns: string): Promise<void> => {
    const id = `${lng}|${ns}`;
    let promise = loads.get(id);
    if (!promise && load) {
      const attempt = () => load(lng, ns);
      promise = attempt()
        .catch(() => new Promise<Messages>((resolve) => setTimeout(resolve, 500)).then(attempt))
        .catch((error: unknown) => {
          console.warn(`Texts ${id} could not be loaded; showing the fallback.`, error);
          return {};
        })
        .then((messages) => {
          texts[lng] = { ...texts[lng], [ns]: messages };
        });
      loads.set(id, promise);
    }
    return promise ?? Promise.resolve();
  };

  const loadAll = (namespaces: readonly string[], lng: string): Promise<void> => {
    for (const ns of namespaces) used.add(ns);
    const id = `${lng}|${namespaces.join(' ')}`;
    let promise = pending.get(id);
    if (!promise) {
      promise = Promise.all(languagesFor(lng).flatMap((l) => namespaces.map((ns) => loadOne(l, ns)))).then(
        () => {
          pending.delete(id);
        },
      );
      pending.set(id, promise);
    }
    return promise;
  };

  const translate = (
    lng: string,
    namespace: string,
    keys: string | readonly string[],
    options: TOptions = {},
  ): unknown => {
    const list = typeof keys === 'string' ? [keys] : keys;
    const nested = options.keySeparator !== false;
    const { count, returnObjects } = options;
    let last = '';
    for (const whole of list) {
      let ns = namespace;
      let key = whole;
      const colon = options.nsSeparator === false ? -1 : whole.indexOf(':');
      if (colon > 0 && /^[\w-]+$/.test(whole.slice(0, colon))) {
        ns = whole.slice(0, colon);
        key = whole.slice(colon + 1);
      }
      last = key;
      for (const l of languagesFor(lng)) {
        const candidates =
          typeof count === 'number'
            ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(l, count)}`, key]
            : [key];
        for (const candidate of candidates) {
          const value = find(texts[l]?.[ns], candidate, nested);
          if (typeof value === 'string' || (returnObjects && value && typeof value === 'object'))
            return fill(value, options);
        }
      }
    }
    return options.defaultValue === undefined ? last : interpolate(options.defaultValue, options);
  };

  const translator: Translator = {
    get language() {
      return language;
    },
    get resolvedLanguage() {
      return language;
    },
    defaultNamespace,
    isReady: (namespaces, lng = language) =>
      languagesFor(lng).every((l) => namespaces.every((ns) => settled(l, ns))),
    load: (namespaces, lng = language) => loadAll(namespaces, lng),
    fixedT: (namespace = defaultNamespace, lng = language) =>
      ((keys: string | readonly string[], options?: TOptions) =>
        translate(lng, namespace, keys, options)) as TFunction,
    async changeLanguage(next) {
      const ticket = ++switching;
      await loadAll([...used], next);
      // A later switch, started while this one was loading, wins.
      if (ticket !== switching || next === language) return;
      language = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return translator;
}

/** Before the app starts its translator (and in tests without one): keys or default values. */
const notStarted = createTranslator({ language: 'en' });
let appTranslator: Translator | undefined;

/** The translator of components with no `TranslatorProvider` above them (the app's). */
export function setAppTranslator(translator: Translator): void {
  appTranslator = translator;
}

const TranslatorContext = createContext<Translator | undefined>(undefined);

/** Gives the components below this translator (tests: one with its texts given directly). */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/**
 * `t` for these namespaces (the first is where unprefixed keys are looked up; the others are
 * reached with `ns:key`) and the translator as `i18n`. Suspends until every namespace is loaded;
 * re-renders when the language changes.
 */
export function useTranslation(namespaces?: string | readonly string[]): {
  t: TFunction;
  i18n: Translator;
} {
  const translator = useContext(TranslatorContext) ?? appTranslator ?? notStarted;
  const list = namespaces === undefined ? [translator.defaultNamespace] : [namespaces].flat();
  const language = useSyncExternalStore(
    translator.subscribe,
    () => translator.language,
    () => translator.language,
  );
  const namespace = list[0];
  const t = useMemo(() => translator.fixedT(namespace, language), [translator, namespace, language]);
  // Suspends by throwing the load (Suspense's original protocol, as react-i18next did), not with
  // use(): React replays a component that suspended in use() and requires use() to be called
  // again, which a component whose texts arrived meanwhile does not — React then reports an
  // error and renders the whole page again.
  if (!translator.isReady(list, language)) throw translator.load(list, language);
  return { t, i18n: translator };
}
