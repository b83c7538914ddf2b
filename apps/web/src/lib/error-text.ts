/**
 * The words of a failure to show the user: an ApiError's message (already the spec's rule), or
 * any other error's message. (Its own module: the landing page's api-client chunk stays as small.)
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
