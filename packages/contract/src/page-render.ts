/**
 * What the server and the web app's page renderer say to each other (docs/decisions/020): the
 * server loads the renderer the web build makes (apps/web/dist/.ssr/entry-server.js) and asks it
 * for a page's HTML; the renderer reaches the API through the server, in-process. Types, and the
 * one header name the server and the service worker both read.
 */

export type PageLanguage = 'en' | 'sw';

/**
 * Sent with a page that is the same for every visitor without a session (a page the server keeps:
 * decision 020), value `shared`: the service worker may answer it from its copy at once and fetch
 * the new one behind it (decision 039). Never sent with a page of one request (E-Verify's check, an
 * event's standing) or a form post's answer.
 */
export const SHARED_PAGE_HEADER = 'x-kaunti-page';

/** Who the page was rendered for: a visitor, or someone whose login waits for its code. */
export type PageSession = 'guest' | 'pending';

/** One call of the API, made by the renderer (a page's data, a form's post). */
export interface PageApiCall {
  method: string;
  /** Path and query, e.g. "/api/verify?code=…". */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PageApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PageRequest {
  /** Path and query of the page, e.g. "/e-verify?code=…". */
  url: string;
  language: PageLanguage;
  /** The origin the page is served from, e.g. "https://eservices.example.go.ke". */
  origin: string;
  /** The county's public configuration (GET /api/county), which the shell shows. */
  county: unknown;
  /** The request's cookies (a form post reads the login token from them). */
  cookies: Record<string, string>;
  /** Calls the API in-process, as the browser that asked for the page. */
  api: (call: PageApiCall) => Promise<PageApiAnswer>;
}

/** A cookie a form post sets: the session token after a sign-in's first step. */
export interface PageCookie {
  name: string;
  value: string;
  /** Seconds since 1970; none: a session cookie. */
  expires?: number;
}

/** What the browser needs to hydrate the page: put in the page's bootstrap JSON as `page`. */
export interface PageState {
  language: PageLanguage;
  session: PageSession;
  /** The queries the server fetched, as the page's query cache starts with them. */
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
  /** What a form post answered (the page reads it: lib/posted-form.ts). */
  form?: { path: string; state: unknown };
}

export interface RenderedPage {
  kind: 'page';
  status: number;
  /**
   * Whether the server may serve this page again (for the same language): to anyone asking its
   * path, whatever the query (`path`: a page the same for everyone), or its path without a query
   * (`address`); for `seconds`, or as long as it runs. None: this answer only.
   */
  keep?: { scope: 'path' | 'address'; seconds?: number };
  /** The markup inside `<div id="root">`. */
  html: string;
  title: string;
  state: PageState;
  cookies?: PageCookie[];
}

export interface PageRedirect {
  kind: 'redirect';
  location: string;
  cookies?: PageCookie[];
}

export interface PageRenderer {
  /** The page's HTML, or undefined when the path is not rendered on the server (the shell then). */
  render(request: PageRequest): Promise<RenderedPage | undefined>;
  /** A plain form post to a page (no JavaScript yet): the page again with the answer, or a redirect. */
  post(request: PageRequest & { form: URLSearchParams }): Promise<RenderedPage | PageRedirect | undefined>;
  /** The paths that take a plain form post (the server routes POST there). */
  readonly postPaths: readonly string[];
}
