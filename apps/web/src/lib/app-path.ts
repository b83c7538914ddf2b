/**
 * A link the server made absolute (its public URL: print_url, pdf_url, an E-Verify link) as a path
 * of this app, so the router opens it in place and a test or a proxy's origin does not matter.
 */
export function appPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
