import type { FieldError } from '@kaunti/contract/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Control characters (NUL and the other C0 codes but tab, line feed and carriage return, and
 * DEL) have no place in any text a citizen types, and PostgreSQL refuses NUL in text. They are
 * refused at the edge, before validation, in every JSON body, query and path, with a 400 that
 * names the field — never a 500 deeper down.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'Please remove the invisible control characters from this field';

function find(value: unknown, path: string, out: FieldError[], depth = 0): void {
  if (out.length >= 20 || depth > 12) return;
  if (typeof value === 'string') {
    if (CONTROL.test(value)) out.push({ path, message: CONTROL_CHARACTER_MESSAGE });
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) find(item, path ? `${path}.${i}` : String(i), out, depth + 1);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (CONTROL.test(key)) out.push({ path: here, message: CONTROL_CHARACTER_MESSAGE });
      find(item, here, out, depth + 1);
    }
  }
}

export function controlCharacterErrors(parts: Record<string, unknown>): FieldError[] {
  const out: FieldError[] = [];
  for (const value of Object.values(parts)) find(value, '', out);
  return out;
}

export function refuseControlCharacters(app: FastifyInstance): void {
  // Callback hooks (here and in the other per-request hooks): no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const details = controlCharacterErrors({
      params: request.params,
      query: request.query,
      body: request.body,
    });
    const first = details[0];
    done(
      first
        ? new AppError(400, 'validation_failed', `Invalid request: ${first.path}: ${first.message}`, details)
        : undefined,
    );
  });
}
