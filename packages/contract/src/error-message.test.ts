import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGE_PATHS, extractErrorMessage, FALLBACK_ERROR_MESSAGE } from './error-message';

const FALLBACK = 'We are unable to process your request right now. Please try again later.';

/** Sets the value at the path, replacing anything on the way that is not an object. */
function setPath(body: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = body;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  });
}

describe('extractErrorMessage', () => {
  it('exports the exact fallback', () => {
    expect(FALLBACK_ERROR_MESSAGE).toBe(FALLBACK);
  });

  it.each([
    [{ description: 'Bill not found' }, 'Bill not found'],
    [{ error: { description: 'Token expired' } }, 'Token expired'],
    [{ message: 'Invalid phone' }, 'Invalid phone'],
    [{ data: { Message: 'Payment pending' } }, 'Payment pending'],
    [{ error: 'Unauthorized' }, 'Unauthorized'],
    [{ data: { description: 'No such parcel' } }, 'No such parcel'],
    [{ data: 'Service down' }, 'Service down'],
    [{ customer_email: ['Enter a valid email address.'] }, 'Enter a valid email address.'],
    [{ detail: 'Not found.' }, 'Not found.'],
    [{ message: ['Amount is required.', ' Phone is required. '] }, 'Amount is required. Phone is required.'],
    [{ description: '  padded  ' }, 'padded'],
    [{ description: '', message: 'second' }, 'second'],
    [{ description: '   ', message: 'second' }, 'second'],
    [{ description: 42, message: 'second' }, 'second'],
    [{ description: { text: 'x' }, message: 'second' }, 'second'],
    [{ description: [], message: 'second' }, 'second'],
    [{ description: ['ok', ''], message: 'second' }, 'second'],
    [{ description: ['ok', 3], message: 'second' }, 'second'],
    [{ error: { code: 'E1' }, detail: 'last' }, 'last'],
    [{ error: { description: '' }, error_code: 1, detail: 'last' }, 'last'],
    [{ data: { Message: null, description: 'data description' } }, 'data description'],
    [{ error: 'plain error', data: { Message: 'data message' } }, 'data message'],
    [{ message: 'message wins', error: 'error loses' }, 'message wins'],
    [{ status: 500 }, FALLBACK],
    [{}, FALLBACK],
    [undefined, FALLBACK],
    [null, FALLBACK],
    [42, FALLBACK],
    [true, FALLBACK],
    [['a message in an array'], FALLBACK],
    ['', FALLBACK],
    ['   ', FALLBACK],
    ['Service Unavailable', 'Service Unavailable'],
    ['  Bad Gateway \n', 'Bad Gateway'],
    ['<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', FALLBACK],
    ['<html><head><title>Error</title></head></html>', FALLBACK],
    ['Error page: <body>oops</body>', FALLBACK],
  ])('%j gives %j', (body, expected) => {
    expect(extractErrorMessage(body)).toBe(expected);
  });

  it('reads own properties only', () => {
    const inherited = Object.create({ description: 'from the prototype' }) as Record<string, unknown>;
    expect(extractErrorMessage(inherited)).toBe(FALLBACK);
    expect(extractErrorMessage(new Error('boom'))).toBe('boom');
  });

  it('treats a throwing getter as no message', () => {
    const body = {
      get description(): string {
        throw new Error('getter');
      },
    };
    expect(extractErrorMessage(body)).toBe(FALLBACK);
  });

  it('tries the paths in the spec order', () => {
    expect(ERROR_MESSAGE_PATHS.map((path) => path.join('.'))).toEqual([
      'description',
      'error.description',
      'message',
      'data.Message',
      'error',
      'data.description',
      'data',
      'customer_email',
      'detail',
    ]);
  });
});

const messageArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const messagesArb = fc.uniqueArray(
  messageArb.map((s) => s.trim()),
  {
    minLength: ERROR_MESSAGE_PATHS.length,
    maxLength: ERROR_MESSAGE_PATHS.length,
  },
);
const junkArb = fc.constantFrom<unknown>(null, 0, 7, false, '', '   ', {}, [], [1], ['ok', ''], [' ']);

describe('extractErrorMessage properties', () => {
  it('a body with every key set gives description', () => {
    fc.assert(
      fc.property(messagesArb, (messages) => {
        const body: Record<string, unknown> = {};
        for (let j = messages.length - 1; j >= 0; j -= 1) setPath(body, ERROR_MESSAGE_PATHS[j]!, messages[j]);
        expect(extractErrorMessage(body)).toBe(messages[0]);
      }),
    );
  });

  it('removing the keys one by one walks exactly down the order', () => {
    fc.assert(
      fc.property(messagesArb, (messages) => {
        const seen: string[] = [];
        for (let i = 0; i < messages.length; i += 1) {
          // The body holds the candidates i..end; the candidates before i are removed.
          const body: Record<string, unknown> = {};
          for (let j = messages.length - 1; j >= i; j -= 1)
            setPath(body, ERROR_MESSAGE_PATHS[j]!, messages[j]);
          seen.push(extractErrorMessage(body));
        }
        expect(seen).toEqual(messages);
      }),
    );
  });

  it('unusable candidates before the first usable one are skipped', () => {
    fc.assert(
      fc.property(
        messagesArb,
        fc.integer({ min: 0, max: ERROR_MESSAGE_PATHS.length - 1 }),
        fc.array(junkArb, { minLength: ERROR_MESSAGE_PATHS.length, maxLength: ERROR_MESSAGE_PATHS.length }),
        (messages, i, junk) => {
          const body: Record<string, unknown> = {};
          for (let j = 0; j < i; j += 1) setPath(body, ERROR_MESSAGE_PATHS[j]!, junk[j]);
          for (let j = messages.length - 1; j >= i; j -= 1)
            setPath(body, ERROR_MESSAGE_PATHS[j]!, messages[j]);
          expect(extractErrorMessage(body)).toBe(messages[i]);
        },
      ),
    );
  });

  it('a body with only unusable candidates gives the fallback', () => {
    fc.assert(
      fc.property(
        fc.array(junkArb, { minLength: ERROR_MESSAGE_PATHS.length, maxLength: ERROR_MESSAGE_PATHS.length }),
        (junk) => {
          const body: Record<string, unknown> = {};
          ERROR_MESSAGE_PATHS.forEach((path, j) => {
            setPath(body, path, junk[j]);
          });
          expect(extractErrorMessage(body)).toBe(FALLBACK);
        },
      ),
    );
  });

  it('arbitrary JSON and values never throw and always give a non-empty string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (body) => {
        const message = extractErrorMessage(body);
        expect(typeof message).toBe('string');
        expect(message.trim()).not.toBe('');
      }),
    );
  });
});
