import type { PageCookie, PageSession } from '@kaunti/contract/page-render';
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

/**
 * Pages rendered to HTML on the server (docs/decisions/020). A route opts in by its handle:
 *
 *   handle: { title: 'titles.faqs', serverRender: {} }                       // the same for everyone
 *   handle: { title: 'titles.eVerify', serverRender: { queries: … } }        // reads data
 *   handle: { title: 'titles.login', serverRender: { post: () => import(…) } } // takes a form post
 *
 * A page without `queries` is rendered once per county and language and served again; one with
 * `queries` is rendered for each request, after the server fetched them (through the same API
 * functions the page uses). `post` answers a plain form post to the page's path, made before the
 * JavaScript arrived. What a page reads to render must be the same on the server and in the
 * browser when it hydrates: no `window`, `document` or storage while rendering.
 */
export interface ServerRender {
  /** The queries the page reads (its query keys and functions), fetched before it is rendered. */
  queries?: (page: PageRequestInfo) => Promise<PageQuery[]> | PageQuery[];
  /**
   * With `queries`: how old the page's data may be when it is served again. Asked without a query
   * string, the page is then rendered at most once in this many seconds.
   */
  keepSeconds?: number;
  /** Answers a plain form post to this page (loaded when one arrives). */
  post?: () => Promise<FormPostHandler>;
}

export interface PageRequestInfo {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/** A query of the page: the key its `useQuery` reads and the function that fetches it. */
export interface PageQuery {
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
}

export interface FormPostContext {
  /** The request's cookies (the login token, for a sign-in's code step). */
  cookies: Record<string, string>;
  language: 'en' | 'sw';
}

export type FormPostOutcome =
  | {
      /** The page again, given `state` (read with `usePostedForm`). */
      kind: 'page';
      state: unknown;
      status?: number;
      /** Queries the page reads, fetched before it is rendered. */
      queries?: PageQuery[];
      cookies?: PageCookie[];
      /** Who the page is rendered for (a sign-in's first step leaves a login waiting for its code). */
      session?: PageSession;
    }
  | { kind: 'redirect'; location: string; cookies?: PageCookie[] };

export type FormPostHandler = (form: URLSearchParams, context: FormPostContext) => Promise<FormPostOutcome>;

/** A form's answer to a post, for the page that was posted to (server and hydration alike). */
export const PostedFormContext = createContext<{ path: string; state: unknown } | undefined>(undefined);

/**
 * What the server answered to a plain form post to this page, while the page is the one the post
 * opened (not after a navigation); undefined otherwise.
 */
export function usePostedForm<T>(): T | undefined {
  const posted = useContext(PostedFormContext);
  const location = useLocation();
  if (!posted || location.key !== 'default' || posted.path !== location.pathname) return undefined;
  return posted.state as T;
}

/** The origin the page is served from: given by the server while it renders, else the window's. */
export const PageOriginContext = createContext<string | undefined>(undefined);

export function usePageOrigin(): string {
  return useContext(PageOriginContext) ?? window.location.origin;
}

/** What `keepTyped` answers: what was typed into the form's named fields (never a secret). */
export interface TypedAgain {
  typed: Record<string, string>;
}

/**
 * For a form that needs the page's script (its checks, its next step) but was sent as a plain
 * form post before the script arrived: the page again with what was typed into `fields` (list no
 * password or code), and the page says to send it again (`usePostedForm<TypedAgain>`).
 */
export function keepTyped(fields: readonly string[]): FormPostHandler {
  return async (form) => ({
    kind: 'page',
    state: {
      typed: Object.fromEntries(fields.map((name) => [name, (form.get(name) ?? '').slice(0, 200)])),
    } satisfies TypedAgain,
  });
}
