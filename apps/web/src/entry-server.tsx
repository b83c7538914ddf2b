/// <reference types="node" />
/**
 * The page renderer the server loads (docs/decisions/020): the public pages, rendered to HTML by
 * the same React components the browser hydrates, in the tree start.tsx renders (app/app-root.tsx).
 * Built by `vite build --ssr` into dist/.ssr/entry-server.js (apps/web/build.mjs); the server
 * calls `renderer.render` for a page and `renderer.post` for a plain form post to one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  PageApiCall,
  PageRedirect,
  PageRenderer,
  PageRequest,
  PageSession,
  PageState,
  RenderedPage,
} from '@kaunti/contract/page-render';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, type RouteMatch, type RouteObject, StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { DEFAULT_PORTAL_NAME, pageTitle } from './app/page-title';
import { portalRoutes } from './app/portal-routes';
import type { RouteHandle } from './app/route-handle';
import { PortalRoutes, routeTable } from './app/router';
import { setApiTransport } from './lib/api-client';
import { createAppTranslator, type Language } from './lib/i18n';
import type { PageQuery, ServerRender } from './lib/page-render';
import type { Translator } from './lib/translator';

/** The request a page's data and form posts are made for (its API calls go through it). */
const current = new AsyncLocalStorage<PageRequest>();

setApiTransport(async (input, init) => {
  const request = current.getStore();
  if (!request) throw new Error('An API call outside a page render');
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  // The page's language is the one its data is asked in.
  headers['accept-language'] ??= request.language;
  const call: PageApiCall = { method: init?.method ?? 'GET', url: String(input), headers };
  if (typeof init?.body === 'string') call.body = init.body;
  const answer = await request.api(call);
  return new Response(answer.body === '' ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
});

const table: RouteObject[] = routeTable(portalRoutes);

/** One translator per language, shared by every render (each loads its texts once). */
const translators = new Map<Language, Translator>();
function translatorFor(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createAppTranslator(language);
    translators.set(language, translator);
  }
  return translator;
}

/** The route's server rendering, from the deepest match that declares one. */
function serverRenderOf(matches: RouteMatch[]): ServerRender | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const render = (matches[i]?.route.handle as RouteHandle | undefined)?.serverRender;
    if (render) return render;
  }
  return undefined;
}

function titleOf(matches: RouteMatch[], translator: Translator, portalName: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.route.handle as RouteHandle | undefined;
    if (handle?.title) {
      const t = translator.fixedT('common');
      return pageTitle(t(handle.title, { defaultValue: handle.titleDefault }), portalName);
    }
  }
  return pageTitle(undefined, portalName);
}

/**
 * The page's HTML, whole. A first render fetches what the page suspends for (its code, its
 * texts), and a render that met any of that still missing puts it in place with React's inline
 * scripts, which the page's policy forbids: so the page is rendered again, with everything there,
 * until none is left (twice at most in practice: later renders of the page find it all there).
 */
async function html(element: ReactNode): Promise<string | undefined> {
  for (let attempt = 0; attempt < 4; attempt++) {
    let failed = false;
    const { prelude } = await prerenderToNodeStream(element, {
      // Never a boundary streamed apart (React does so with large ones): the page is one piece.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failed = true;
        console.error('A page could not be rendered on the server', error);
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    // Anything that failed would be drawn in the browser only: then the browser draws it all.
    if (failed) return undefined;
    const markup = Buffer.concat(chunks).toString('utf8');
    if (!markup.includes('<script')) return markup;
  }
  return undefined;
}

interface RenderOptions {
  matches: RouteMatch[];
  queries: PageQuery[];
  posted?: { path: string; state: unknown };
  session: PageSession;
  status: number;
  keep: RenderedPage['keep'];
}

async function renderMatched(
  request: PageRequest,
  options: RenderOptions,
): Promise<RenderedPage | undefined> {
  const url = new URL(request.url, 'http://page');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['county'], request.county);
  await current.run(request, () =>
    Promise.all(
      options.queries.map((query) => client.prefetchQuery({ ...query, queryKey: [...query.queryKey] })),
    ),
  );
  // A page whose data could not be fetched is left to the browser, which shows the failure.
  if (options.queries.some((query) => client.getQueryState(query.queryKey)?.status !== 'success'))
    return undefined;

  const translator = translatorFor(request.language);
  const markup = await html(
    <AppRoot client={client} translator={translator} posted={options.posted} origin={request.origin}>
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <PortalRoutes initialPages={portalRoutes} />
      </StaticRouter>
    </AppRoot>,
  );
  if (markup === undefined) return undefined;
  const county = request.county as { portal_name?: string } | undefined;
  const state: PageState = {
    language: request.language,
    session: options.session,
    queries: options.queries.map((query) => ({
      key: query.queryKey,
      data: client.getQueryData(query.queryKey),
      updatedAt: client.getQueryState(query.queryKey)?.dataUpdatedAt ?? 0,
    })),
  };
  if (options.posted) state.form = options.posted;
  return {
    kind: 'page',
    status: options.status,
    ...(options.keep ? { keep: options.keep } : {}),
    html: markup,
    title: titleOf(options.matches, translator, county?.portal_name ?? DEFAULT_PORTAL_NAME),
    state,
  };
}

function matchesOf(url: URL): RouteMatch[] {
  return matchRoutes(table, url.pathname) ?? [];
}

function requestInfo(matches: RouteMatch[], url: URL) {
  return { params: matches.at(-1)?.params ?? {}, search: url.searchParams };
}

export const renderer: PageRenderer = {
  async render(request) {
    const url = new URL(request.url, 'http://page');
    const matches = matchesOf(url);
    const render = serverRenderOf(matches);
    if (!render) return undefined;
    const queries = render.queries ? await render.queries(requestInfo(matches, url)) : [];
    // The same for everyone (no data), or for anyone asking this address (no data asked for, or
    // data that may be served this old); else rendered for this request only.
    const keep: RenderedPage['keep'] = !render.queries
      ? { scope: 'path' }
      : queries.length === 0
        ? { scope: 'address' }
        : render.keepSeconds
          ? { scope: 'address', seconds: render.keepSeconds }
          : undefined;
    return renderMatched(request, { matches, queries, session: 'guest', status: 200, keep });
  },

  async post(request): Promise<RenderedPage | PageRedirect | undefined> {
    const url = new URL(request.url, 'http://page');
    const matches = matchesOf(url);
    const render = serverRenderOf(matches);
    if (!render?.post) return undefined;
    const handler = await render.post();
    const outcome = await current.run(request, () =>
      handler(request.form, { cookies: request.cookies, language: request.language }),
    );
    if (outcome.kind === 'redirect') return outcome;
    const pageQueries = render.queries ? await render.queries(requestInfo(matches, url)) : [];
    const page = await renderMatched(request, {
      matches,
      queries: [...pageQueries, ...(outcome.queries ?? [])],
      posted: { path: url.pathname, state: outcome.state },
      session: outcome.session ?? 'guest',
      status: outcome.status ?? 200,
      keep: undefined,
    });
    if (!page) return undefined;
    return outcome.cookies ? { ...page, cookies: outcome.cookies } : page;
  },

  postPaths: collectPostPaths(table),
};

/** The paths whose routes take a plain form post (no parameters in them). */
function collectPostPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own =
      (route.handle as RouteHandle | undefined)?.serverRender?.post && !path.includes(':') ? [path] : [];
    return [...own, ...collectPostPaths(route.children ?? [], path)];
  });
}
