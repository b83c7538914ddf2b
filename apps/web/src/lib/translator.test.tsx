import { act, render, screen } from '@testing-library/react';
import { Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTranslator,
  type Messages,
  type Resources,
  TranslatorProvider,
  useTranslation,
} from './translator';

const resources: Resources = {
  en: {
    common: {
      hello: 'Hello, {{name}}!',
      only: 'Only in English',
      nav: { home: { title: 'Home' } },
      days_one: '{{count}} day',
      days_other: '{{count}} days',
      offer_zero: 'No drafts',
      offer_one: 'One draft',
      offer_other: '{{count}} drafts',
      steps: ['Dial {{paybill}}', 'Pay'],
      doc: { sections: [{ heading: 'For {{county}}' }] },
    },
    land: { title: 'Land rates' },
    messages: {},
  },
  sw: {
    common: {
      hello: 'Habari, {{name}}!',
      nav: { home: { title: 'Nyumbani' } },
      days_one: 'siku {{count}}',
      days_other: 'siku {{count}}',
    },
    land: { title: 'Kodi ya ardhi' },
    messages: { 'Try again in {{n1}} minutes.': 'Jaribu tena baada ya dakika {{n1}}.' },
  },
};

const translator = (language = 'en') => createTranslator({ language, resources });

describe('t', () => {
  it('fills {{placeholders}}, unescaped (React escapes)', () => {
    const t = translator().fixedT();
    expect(t('hello', { name: '<Wanjiru>' })).toBe('Hello, <Wanjiru>!');
    expect(t('hello', { name: 0 })).toBe('Hello, 0!');
    // A placeholder without a value stays visible, so the mistake shows.
    expect(t('hello')).toBe('Hello, {{name}}!');
  });

  it('follows nested keys and ns: prefixes', () => {
    const t = translator('sw').fixedT('common');
    expect(t('nav.home.title')).toBe('Nyumbani');
    expect(t('land:title')).toBe('Kodi ya ardhi');
    expect(translator('sw').fixedT('land')('title')).toBe('Kodi ya ardhi');
  });

  it('tries an array of keys in order', () => {
    const t = translator().fixedT();
    expect(t(['missing.one', 'land:title'])).toBe('Land rates');
    expect(t(['missing.one', 'land:missing'], { defaultValue: 'English text' })).toBe('English text');
  });

  it('falls back to English, then defaultValue, then the key (without its namespace)', () => {
    const t = translator('sw').fixedT();
    expect(t('only')).toBe('Only in English');
    expect(t('missing', { defaultValue: 'Default for {{name}}', name: 'Otieno' })).toBe('Default for Otieno');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('land:missing.key')).toBe('missing.key');
    // An object is not a text unless asked for.
    expect(t('nav.home')).toBe('nav.home');
  });

  it('picks plurals by the language rules (en, sw), with _zero for 0', () => {
    const en = translator().fixedT();
    expect(en('days', { count: 1 })).toBe('1 day');
    expect(en('days', { count: 2 })).toBe('2 days');
    expect(en('days', { count: 0 })).toBe('0 days');
    expect(en('offer', { count: 0 })).toBe('No drafts');
    expect(en('offer', { count: 1 })).toBe('One draft');
    expect(en('offer', { count: 5 })).toBe('5 drafts');
    const sw = translator('sw').fixedT();
    expect(sw('days', { count: 1 })).toBe('siku 1');
    expect(sw('days', { count: 7 })).toBe('siku 7');
    // Missing in Kiswahili: the English plural.
    expect(sw('offer', { count: 3 })).toBe('3 drafts');
  });

  it('returns lists and objects with their strings filled in (returnObjects)', () => {
    const t = translator().fixedT();
    expect(t('steps', { returnObjects: true, paybill: '123' })).toEqual(['Dial 123', 'Pay']);
    expect(t('doc', { returnObjects: true, county: 'Nairobi' })).toEqual({
      sections: [{ heading: 'For Nairobi' }],
    });
    expect(t('missing.list', { returnObjects: true })).toBe('missing.list');
  });

  it('looks a whole sentence up with keySeparator and nsSeparator off', () => {
    const t = translator('sw').fixedT('messages');
    const options = { keySeparator: false, nsSeparator: false } as const;
    expect(t('Try again in {{n1}} minutes.', { ...options, n1: '5' })).toBe('Jaribu tena baada ya dakika 5.');
    expect(t('Error: not found.', { ...options, defaultValue: '' })).toBe('');
  });
});

function deferred() {
  let resolve!: (messages: Messages) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<Messages>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Title({ ns = 'land' }: { ns?: string }) {
  const { t, i18n } = useTranslation([ns, 'common']);
  return (
    <p>
      {t('title')} / {t('common:hello', { name: 'Amina' })} ({i18n.language})
    </p>
  );
}

describe('useTranslation', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('suspends until its namespaces are loaded, in the language and in English', async () => {
    const files = new Map<string, ReturnType<typeof deferred>>();
    const load = vi.fn((language: string, namespace: string) => {
      const file = deferred();
      files.set(`${language}/${namespace}`, file);
      return file.promise;
    });
    const i18n = createTranslator({ language: 'sw', load });
    await act(async () => {
      render(
        <TranslatorProvider translator={i18n}>
          <Suspense fallback={<p>Loading</p>}>
            <Title />
          </Suspense>
        </TranslatorProvider>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect([...files.keys()].sort()).toEqual(['en/common', 'en/land', 'sw/common', 'sw/land']);
    await act(async () => {
      for (const [name, file] of files) {
        const [language, namespace] = name.split('/') as [string, string];
        file.resolve(resources[language]![namespace]!);
      }
    });
    expect(await screen.findByText('Kodi ya ardhi / Habari, Amina! (sw)')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('renders once its files arrive without React throwing away the render (hooks in the same order)', async () => {
    // Files that arrive at once (from the cache): React replays the suspended component, which
    // must call the same hooks as the first attempt, or React reports a recoverable error
    // ("Update hook called on initial render") and renders the whole page again.
    const recovered = vi.fn();
    const i18n = createTranslator({
      language: 'sw',
      load: async (language, namespace) => resources[language]?.[namespace] ?? {},
    });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container, { onRecoverableError: recovered });
    // A concurrent render, as the browser's (act() would render it another way).
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() =>
        root.render(
          <TranslatorProvider translator={i18n}>
            <Suspense fallback={<p>Loading</p>}>
              <Title />
            </Suspense>
          </TranslatorProvider>,
        ),
      );
      await vi.waitFor(() => expect(container.textContent).toBe('Kodi ya ardhi / Habari, Amina! (sw)'));
      expect(recovered).not.toHaveBeenCalled();
      root.unmount();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      container.remove();
    }
  });

  it('re-renders every translated component when the language changes', async () => {
    const load = vi.fn(async (language: string, namespace: string) => resources[language]?.[namespace] ?? {});
    const i18n = createTranslator({ language: 'en', load });
    await i18n.load(['common', 'land']);
    const listener = vi.fn();
    i18n.subscribe(listener);
    render(
      <TranslatorProvider translator={i18n}>
        <Suspense fallback={<p>Loading</p>}>
          <Title />
          <Title ns="common" />
        </Suspense>
      </TranslatorProvider>,
    );
    expect(screen.getByText('Land rates / Hello, Amina! (en)')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('sw'));
    expect(screen.getByText('Kodi ya ardhi / Habari, Amina! (sw)')).toBeInTheDocument();
    expect(screen.getByText('title / Habari, Amina! (sw)')).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe('sw');
    expect(listener).toHaveBeenCalledTimes(1);
    // The namespaces used so far were loaded in Kiswahili before the switch: no Loading flash.
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('shows English (or keys) when a namespace fails to load, after one retry, without crashing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(async (language: string, namespace: string) => {
      if (language === 'sw' && namespace === 'land') throw new Error('offline');
      if (namespace === 'common') throw new Error('offline');
      return resources[language]?.[namespace] ?? {};
    });
    const i18n = createTranslator({ language: 'sw', load });
    await act(async () => {
      render(
        <TranslatorProvider translator={i18n}>
          <Suspense fallback={<p>Loading</p>}>
            <Title />
          </Suspense>
        </TranslatorProvider>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Land rates / hello (sw)', {}, { timeout: 2000 })).toBeInTheDocument();
    // sw/land, sw/common and en/common: tried twice each; en/land once.
    expect(load).toHaveBeenCalledTimes(7);
    expect(console.warn).toHaveBeenCalledTimes(3);
  });

  it('gives keys or default values, without suspending, when no translator was started', () => {
    function Plain() {
      const { t } = useTranslation('land');
      return <p>{`${t('title')} ${t('other', { defaultValue: 'Fallback' })}`}</p>;
    }
    render(<Plain />);
    expect(screen.getByText('title Fallback')).toBeInTheDocument();
  });
});
