import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import {
  isRepeatedCharacter,
  isStraightDigitSequence,
  newPasswordProblem,
  newPasswordSchema,
  PASSWORD_MEDIUM_MESSAGE,
  PASSWORD_STRONG_MESSAGE,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_WEAK_MESSAGE,
  passwordStrength,
} from './password';

const STRONG = { level: 2, message: 'Password is strong' };
const MEDIUM = { level: 1, message: 'Password has medium strength' };
const WEAK = { level: 0, message: 'Password is weak' };

describe('passwordStrength', () => {
  it('exports the exact messages', () => {
    expect(PASSWORD_STRONG_MESSAGE).toBe('Password is strong');
    expect(PASSWORD_MEDIUM_MESSAGE).toBe('Password has medium strength');
    expect(PASSWORD_WEAK_MESSAGE).toBe('Password is weak');
  });

  it.each([
    ['', WEAK],
    ['a', WEAK],
    ['Ab1#x', WEAK],
    ['abcdef', MEDIUM],
    ['Ab1#xy', MEDIUM],
    ['abcdefgh', MEDIUM],
    ['Abcdefg1', MEDIUM],
    ['abcdef1#', MEDIUM],
    ['ABCDEF1#', STRONG],
    ['Ab1#xyz', STRONG],
    ['Kenya 2024!', STRONG],
    ['Ab1 xyz', MEDIUM],
    ['Ab1_xyz', STRONG],
    ['Äb1€xyz', STRONG],
    ['😀😀😀😀😀', WEAK],
  ] as const)('%j gives %j', (password, expected) => {
    expect(passwordStrength(password)).toEqual(expected);
  });
});

describe('passwordStrength properties', () => {
  it('anything under 6 characters is weak', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), (password) => {
        expect(passwordStrength(password)).toEqual(WEAK);
      }),
    );
  });

  it('6 or more characters missing a special character, digit or uppercase letter is medium', () => {
    const noSpecial = fc.stringMatching(/^[A-Za-z0-9 ]{6,20}$/);
    const noDigit = fc.stringMatching(/^[A-Za-z!@#$%^&* ]{6,20}$/);
    const noUpper = fc.stringMatching(/^[a-z0-9!@#$%^&* ]{6,20}$/);
    fc.assert(
      fc.property(fc.oneof(noSpecial, noDigit, noUpper), (password) => {
        expect(passwordStrength(password)).toEqual(MEDIUM);
      }),
    );
  });

  it('longer than 6 with a special character, a digit and an uppercase letter is strong', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]$/),
        fc.stringMatching(/^[0-9]$/),
        fc.stringMatching(/^[!@#$%^&*()_+=~`'"<>?,.;:-]$/),
        fc.string({ minLength: 4, maxLength: 20 }),
        (upper, digit, special, rest) => {
          expect(passwordStrength(`${rest}${upper}${digit}${special}`)).toEqual(STRONG);
        },
      ),
    );
  });

  it('adding characters never lowers the level', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 6 }), (password, more) => {
        expect(passwordStrength(`${password}${more}`).level).toBeGreaterThanOrEqual(
          passwordStrength(password).level,
        );
      }),
    );
  });
});

describe('newPasswordProblem', () => {
  it.each([
    ['', 'Password must be at least 8 characters long'],
    ['Ab1#xyz', 'Password must be at least 8 characters long'],
    ['😀😀😀😀😀😀😀', 'Password must be at least 8 characters long'],
    ['a'.repeat(129), 'Password must be at most 128 characters long'],
    ['password', 'This password is too common. Choose one that is harder to guess'],
    ['PassWord123', 'This password is too common. Choose one that is harder to guess'],
    ['QWERTY123', 'This password is too common. Choose one that is harder to guess'],
    ['iloveyou', 'This password is too common. Choose one that is harder to guess'],
    ['12345678', 'This password is too common. Choose one that is harder to guess'],
    ['Kenya123', 'This password is too common. Choose one that is harder to guess'],
    ['nairobi123', 'This password is too common. Choose one that is harder to guess'],
    ['password254', 'This password is too common. Choose one that is harder to guess'],
    ['jesus123', 'This password is too common. Choose one that is harder to guess'],
    ['0712345678', 'This password is too common. Choose one that is harder to guess'],
    ['zzzzzzzzzz', 'This password is too common. Choose one that is harder to guess'],
    ['23456789', 'This password is too common. Choose one that is harder to guess'],
    ['9876543210', 'This password is too common. Choose one that is harder to guess'],
    ['7890123456', 'This password is too common. Choose one that is harder to guess'],
    ['correct horse battery staple', null],
    ['Tsavo-Rhino-42', null],
    ['12345679', null],
    ['abcdefgz', null],
    ['😀😀😀😀😀😀😀🙂', null],
    [`${'a'.repeat(127)}b`, null],
    ['  spaces are kept  ', null],
  ])('%j gives %j', (password, expected) => {
    expect(newPasswordProblem(password)).toBe(expected);
  });

  it('exports the exact messages', () => {
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 8 characters long');
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe('Password must be at most 128 characters long');
    expect(PASSWORD_TOO_COMMON_MESSAGE).toBe(
      'This password is too common. Choose one that is harder to guess',
    );
  });

  it('is enforced by newPasswordSchema', () => {
    expect(newPasswordSchema.parse('Tsavo-Rhino-42')).toBe('Tsavo-Rhino-42');
    const short = newPasswordSchema.safeParse('abc');
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters long',
    ]);
    const common = newPasswordSchema.safeParse('Password1');
    expect(common.error?.issues.map((issue) => issue.message)).toEqual([
      'This password is too common. Choose one that is harder to guess',
    ]);
    expect(newPasswordSchema.safeParse(12345678).success).toBe(false);
  });
});

describe('common passwords', () => {
  it('has about 300 unique lower-case entries', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });

  it('includes the well-known and Kenyan favourites', () => {
    for (const entry of [
      '123456',
      'password',
      'qwerty123',
      'iloveyou',
      '12345678',
      'kenya123',
      'nairobi123',
    ]) {
      expect(isCommonPassword(entry)).toBe(true);
    }
    expect(isCommonPassword('Tsavo-Rhino-42')).toBe(false);
  });

  it('isRepeatedCharacter and isStraightDigitSequence', () => {
    expect(isRepeatedCharacter('')).toBe(false);
    expect(isRepeatedCharacter('AaAa')).toBe(true);
    expect(isRepeatedCharacter('aab')).toBe(false);
    expect(isStraightDigitSequence('12')).toBe(false);
    expect(isStraightDigitSequence('890')).toBe(true);
    expect(isStraightDigitSequence('210')).toBe(true);
    expect(isStraightDigitSequence('1357')).toBe(false);
    expect(isStraightDigitSequence('1232')).toBe(false);
    expect(isStraightDigitSequence('12a4')).toBe(false);
  });
});

describe('newPasswordProblem properties', () => {
  it('every common password of 8 to 128 characters is refused in any letter case', () => {
    const candidates = COMMON_PASSWORDS.filter((entry) => entry.length >= 8);
    fc.assert(
      fc.property(
        fc.constantFrom(...candidates),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (entry, upper) => {
          const cased = Array.from(entry, (c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          expect(newPasswordProblem(cased)).toBe(PASSWORD_TOO_COMMON_MESSAGE);
        },
      ),
    );
  });

  it('too short always wins, whatever the content', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 7 }), (password) => {
        expect(newPasswordProblem(password)).toBe(PASSWORD_TOO_SHORT_MESSAGE);
      }),
    );
  });

  it('over 128 characters is always too long', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 129, maxLength: 300 }), (password) => {
        expect(newPasswordProblem(password)).toBe(PASSWORD_TOO_LONG_MESSAGE);
      }),
    );
  });

  it('a character whose lower case is two code points, repeated, is refused too (İİİİİİİİ)', () => {
    expect(newPasswordProblem('İ'.repeat(8))).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(newPasswordProblem('İi̇İi̇İi̇İi̇')).not.toBe(PASSWORD_TOO_COMMON_MESSAGE);
  });

  it('one character repeated 8 to 128 times is refused', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        fc.integer({ min: 8, max: 128 }),
        (c, n) => {
          fc.pre(Array.from(c).length === 1);
          expect(newPasswordProblem(c.repeat(n))).toBe(PASSWORD_TOO_COMMON_MESSAGE);
        },
      ),
    );
  });

  it('straight digit sequences of 8 to 128 digits are refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        fc.integer({ min: 8, max: 128 }),
        (start, up, n) => {
          const digits = Array.from({ length: n }, (_, i) => (start + (up ? i : -i) + 1000) % 10).join('');
          expect(newPasswordProblem(digits)).toBe(PASSWORD_TOO_COMMON_MESSAGE);
        },
      ),
    );
  });

  it('8 to 128 characters with a tilde, a letter and no repetition are accepted', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6, maxLength: 126 }), (rest) => {
        expect(newPasswordProblem(`a~${rest}`)).toBeNull();
        expect(newPasswordSchema.safeParse(`a~${rest}`).success).toBe(true);
      }),
    );
  });
});
