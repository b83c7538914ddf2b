import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newShortCode, readShortCode, SHORT_CODE_ALPHABET } from './short-code';

const code = () => newShortCode((n) => randomBytes(n));

describe('short verification codes', () => {
  it('are grouped XXXX-XXXX-XXXX from an alphabet without 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i++)
      expect(code()).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(SHORT_CODE_ALPHABET).toHaveLength(32);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('read back in any case, with or without dashes or spaces', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 11, maxLength: 11 }),
        fc.boolean(),
        fc.boolean(),
        (bytes, lower, spaced) => {
          const printed = newShortCode(() => bytes);
          let typed = printed.replaceAll('-', spaced ? ' ' : '');
          if (lower) typed = typed.toLowerCase();
          expect(readShortCode(` ${typed} `)).toEqual({ kind: 'valid', code: printed });
        },
      ),
    );
  });

  it('any single changed symbol is caught as mistyped', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 11, maxLength: 11 }),
        fc.nat(11),
        fc.nat(31),
        (bytes, position, replacement) => {
          const compact = newShortCode(() => bytes).replaceAll('-', '');
          const changed = SHORT_CODE_ALPHABET[replacement]!;
          fc.pre(changed !== compact[position]);
          const typed = compact.slice(0, position) + changed + compact.slice(position + 1);
          expect(readShortCode(typed)).toEqual({ kind: 'mistyped' });
        },
      ),
    );
  });

  it('a symbol too many or too few, or a look-alike (O for 0), is mistyped; a signed token is not a short code', () => {
    const compact = code().replaceAll('-', '');
    expect(readShortCode(compact.slice(1))).toEqual({ kind: 'mistyped' });
    expect(readShortCode(`${compact}A`)).toEqual({ kind: 'mistyped' });
    expect(readShortCode(`O${compact.slice(1)}`)).toEqual({ kind: 'mistyped' });
    expect(readShortCode('eyJhbGciOiJFZERTQSJ9.eyJqdGkiOiJ4In0.c2ln')).toEqual({ kind: 'not_short' });
  });
});
