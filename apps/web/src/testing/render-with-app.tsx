import catalogueSw from 'virtual:kaunti-catalogue-texts/sw';
import type { County } from '@kaunti/contract/api-county';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
} from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '../app/router';
import { setApiLanguage } from '../lib/api-client';
import {
  createTranslator,
  type Messages,
  type Resources,
  type Translator,
  TranslatorProvider,
} from '../lib/translator';

/**
 * Component tests only (never imported by the app): renders a page as the app would, with the
 * real locale files, a query client (no retries) holding a county, and a memory router, and
 * fakes the API at the network boundary (`fetch`).
 */
const files = import.meta.glob<Messages>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export async function createTestI18n(language: 'en' | 'sw' = 'en'): Promise<Translator> {
  const resources: Resources = {};
  for (const [path, content] of Object.entries(files)) {
    const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
    if (!lng || !ns) continue;
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  // As the app's loader does: the catalogue's Kiswahili names of services join the common texts.
  resources.sw = { ...resources.sw, common: { ...resources.sw?.common, ...(catalogueSw as Messages) } };
  return createTranslator({ language, fallbackLanguage: 'en', defaultNamespace: 'common', resources });
}

/** A county unlike Nairobi's, so a test sees values that come from the county, not the code. */
export const testCounty: County = {
  code: '999',
  name: 'Test City County',
  portal_name: 'Test City County e-Services',
  currency: 'KES',
  paybill: '7654321',
  mpesa_max_payment_cents: 15_000_000,
  bank_accounts: [
    {
      bank: 'First Test Bank',
      branch: 'Main Street',
      account_name: 'Test Revenue',
      account_number: '111222333',
    },
    {
      bank: 'Second Co-op Bank',
      branch: 'Market Road',
      account_name: 'Test Revenue',
      account_number: '444555666',
    },
  ],
  contacts: {
    phones: ['+254 700 000 111', '+254 711 222 333'],
    emails: ['help@test.go.ke', 'revenue@test.go.ke'],
    postal_address: 'P.O. Box 1-00100, Test',
    physical_address: 'Town Hall, Hall Road, Test',
    website: 'https://test.go.ke',
    hours: 'Monday to Friday, 8.00 am to 5.00 pm',
  },
  letterhead: {
    title: 'TEST CITY COUNTY',
    subtitle: 'Revenue Department',
    motto: 'Serving the test city',
    address_lines: ['Town Hall', 'P.O. Box 1-00100, Test'],
  },
};

export interface RenderOptions {
  /** Where the router starts (path, search and hash). */
  path?: string;
  /** The navigation state of that first entry. */
  state?: unknown;
  language?: 'en' | 'sw';
  county?: County;
  /** `page` renders its own routes (the app's PortalRoutes): it is not put in a table. */
  bare?: boolean;
}

/**
 * Renders `page` at `path`. An element is rendered for every path but `/account/*` (a stand-in,
 * so a page that navigates to the account is seen leaving); a route table is used as it is
 * (route patterns with parameters, error elements, several pages).
 */
export async function renderWithApp(
  page: ReactElement | RouteObject[],
  { path = '/', state, language = 'en', county = testCounty, bare = false }: RenderOptions = {},
) {
  const i18n = await createTestI18n(language);
  // As the app does when it starts: the API is asked in the reader's language.
  setApiLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['county'], county);
  const routes = Array.isArray(page)
    ? page
    : [
        { path: '*', element: page },
        { path: '/account/*', element: <p>Account page</p> },
      ];
  const seen: Seen = {};
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TranslatorProvider translator={i18n}>
        <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
          {bare && !Array.isArray(page) ? page : <AppRoutes routes={routes} />}
          <LocationProbe seen={seen} />
        </MemoryRouter>
      </TranslatorProvider>
    </QueryClientProvider>,
  );
  /** Where the router is now (`router.state.location`), and a navigation from outside the page. */
  const router = {
    state: {
      get location(): Location {
        return seen.location!;
      },
    },
    navigate: async (to: string | number) => {
      await act(async () => {
        await (typeof to === 'number' ? seen.navigate!(to) : seen.navigate!(to));
      });
    },
  };
  return { ...result, i18n, queryClient, router };
}

interface Seen {
  location?: Location;
  navigate?: NavigateFunction;
}

function LocationProbe({ seen }: { seen: Seen }) {
  seen.location = useLocation();
  seen.navigate = useNavigate();
  return null;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

export type ApiHandlers = Record<
  string,
  (request: { url: string; body: unknown; init: RequestInit }) => Response | Promise<Response>
>;

/**
 * A fake `fetch` answering by "METHOD /path" (`:name` matches one segment; the query string is
 * ignored); records every call. Anything else is answered 404.
 */
export function fakeApi(handlers: ApiHandlers) {
  const calls: ApiCall[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body as unknown);
    const authorization = new Headers(init.headers).get('authorization') ?? undefined;
    calls.push({ method, url, body, authorization });
    const path = url.split('?')[0]!;
    const key =
      Object.keys(handlers).find((pattern) => {
        const [m, p] = pattern.split(' ', 2) as [string, string];
        if (m !== method) return false;
        const re = new RegExp(`^${p.replaceAll(/:[a-z_]+/g, '[^/]+')}$`);
        return re.test(path);
      }) ?? '';
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { message: `No fake for ${method} ${url}`, code: 'not_found' });
    return handler({ url, body, init });
  };
  return { fetch, calls };
}

/** `fakeApi` put in place of the global `fetch` (undo with `vi.unstubAllGlobals()`). */
export function stubApi(handlers: ApiHandlers) {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

/** An unsigned JWT with these claims (the browser never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
