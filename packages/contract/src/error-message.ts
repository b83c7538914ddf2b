/** The message shown when a response body carries no usable message. */
export const FALLBACK_ERROR_MESSAGE =
  'We are unable to process your request right now. Please try again later.';

/** The paths tried, in order, to find the message in a response body. */
export const ERROR_MESSAGE_PATHS: readonly (readonly string[])[] = [
  ['description'],
  ['error', 'description'],
  ['message'],
  ['data', 'Message'],
  ['error'],
  ['data', 'description'],
  ['data'],
  ['customer_email'],
  ['detail'],
];

/** A plain (non-array) object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at the path, reading own properties of plain objects only. */
function valueAt(body: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = body;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * The message a candidate value gives: a string that is not blank (trimmed), or a non-empty array whose items
 * are all non-blank strings (each trimmed, joined with a space). Anything else gives null.
 */
function messageFrom(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value) && value.length > 0) {
    const parts: string[] = [];
    for (const item of value) {
      if (typeof item !== 'string' || item.trim() === '') return null;
      parts.push(item.trim());
    }
    return parts.join(' ');
  }
  return null;
}

/** True when the text looks like an HTML page or fragment (a proxy's or gateway's error page). */
function looksLikeHtml(text: string): boolean {
  return text.startsWith('<') || /<\/?(?:!doctype|html|head|body|title|div|p|h[1-6]|pre)\b/i.test(text);
}

/**
 * The message to show for a failed request's response body. For an object body the keys `description`,
 * `error.description`, `message`, `data.Message`, `error`, `data.description`, `data`, `customer_email`
 * and `detail` are tried in that order, own properties only; a candidate counts when it is a non-blank
 * string (returned trimmed) or a non-empty array of non-blank strings (joined with a space). Objects,
 * numbers and blank strings are skipped. A bare string body is used (trimmed) when it is not blank and not
 * HTML. Anything else (undefined, null, numbers, arrays, HTML, or an object with no candidate) gives
 * {@link FALLBACK_ERROR_MESSAGE}. Never throws.
 */
export function extractErrorMessage(body: unknown): string {
  if (typeof body === 'string') {
    const trimmed = body.trim();
    return trimmed === '' || looksLikeHtml(trimmed) ? FALLBACK_ERROR_MESSAGE : trimmed;
  }
  if (!isRecord(body)) return FALLBACK_ERROR_MESSAGE;
  try {
    for (const path of ERROR_MESSAGE_PATHS) {
      const message = messageFrom(valueAt(body, path));
      if (message !== null) return message;
    }
  } catch {
    // A getter or proxy that throws is treated like a body without a message.
  }
  return FALLBACK_ERROR_MESSAGE;
}
