import type { PageSession, PageState } from '@kaunti/contract/page-render';

/**
 * The page the server rendered into `#root` (docs/decisions/020): its language, who it was
 * rendered for, the queries it read and a form post's answer, from the page's bootstrap JSON
 * (`page`). Undefined when the page is the empty shell, or was rendered for someone else than
 * this browser's visitor (a page kept by the service worker from before a sign-in): the app is
 * then drawn afresh rather than hydrated.
 */
export function readRenderedPage(token: string | undefined): PageState | undefined {
  const element = document.getElementById('kaunti-bootstrap');
  if (!element?.textContent || !document.getElementById('root')?.hasChildNodes()) return undefined;
  let page: PageState | undefined;
  try {
    page = (JSON.parse(element.textContent) as { page?: PageState }).page;
  } catch {
    return undefined;
  }
  return page && page.session === sessionOf(token) ? page : undefined;
}

/** As the server sees it: no token, a login waiting for its code (scope "otp"), or anything else. */
function sessionOf(token: string | undefined): PageSession | 'other' {
  if (!token) return 'guest';
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { scope?: unknown };
    return claims.scope === 'otp' ? 'pending' : 'other';
  } catch {
    return 'other';
  }
}
