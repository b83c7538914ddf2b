/**
 * The password rules and strength meter, without zod (the sign-in page loads them on its first
 * screen); `password.ts` adds the zod schema built on them.
 */
import { isCommonPassword } from './common-passwords';

/** The strength meter's message for a strong password. */
export const PASSWORD_STRONG_MESSAGE = 'Password is strong';
/** The strength meter's message for a password of medium strength. */
export const PASSWORD_MEDIUM_MESSAGE = 'Password has medium strength';
/** The strength meter's message for a weak password. */
export const PASSWORD_WEAK_MESSAGE = 'Password is weak';

/** The sign-up policy's message for a password under {@link NEW_PASSWORD_MIN_LENGTH} characters. */
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long';
/** The sign-up policy's message for a password over {@link NEW_PASSWORD_MAX_LENGTH} characters. */
export const PASSWORD_TOO_LONG_MESSAGE = 'Password must be at most 128 characters long';
/** The sign-up policy's message for a common or trivially guessable password. */
export const PASSWORD_TOO_COMMON_MESSAGE = 'This password is too common. Choose one that is harder to guess';

/** The fewest characters a new password may have (OWASP ASVS). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
/** The most characters a new password may have. */
export const NEW_PASSWORD_MAX_LENGTH = 128;

/** The strength meter's verdict: 0 weak, 1 medium, 2 strong. */
export interface PasswordStrength {
  level: 0 | 1 | 2;
  message: string;
}

const SPECIAL = /[^\p{L}\p{N}\s]/u;
const DIGIT = /\p{Nd}/u;
const UPPERCASE = /\p{Lu}/u;

/** The number of characters (Unicode code points, so an emoji counts once). */
function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * The strength meter shown while typing a password. Strong (2) when longer than 6 characters and it has a
 * special character (anything not a letter, digit or whitespace), a digit and an uppercase letter; medium (1)
 * when 6 characters or more; weak (0) otherwise. Characters are counted as Unicode code points.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = characterCount(password);
  if (length > 6 && SPECIAL.test(password) && DIGIT.test(password) && UPPERCASE.test(password)) {
    return { level: 2, message: PASSWORD_STRONG_MESSAGE };
  }
  if (length >= 6) return { level: 1, message: PASSWORD_MEDIUM_MESSAGE };
  return { level: 0, message: PASSWORD_WEAK_MESSAGE };
}

/** True when the value is one character repeated (case-insensitively), such as `aaaaaaaa` or `AaAaAaAa`. */
export function isRepeatedCharacter(value: string): boolean {
  // Each character is lower-cased on its own: some become two code points (İ → i̇), which must
  // still count as one character repeated.
  const characters = Array.from(value).map((character) => character.toLowerCase());
  return characters.length > 0 && characters.every((character) => character === characters[0]);
}

/**
 * True when the value is a straight run of at least 3 ASCII digits going up or down by one, wrapping
 * between 9 and 0: `12345678`, `87654321`, `1234567890`, `7890123`.
 */
export function isStraightDigitSequence(value: string): boolean {
  if (!/^[0-9]{3,}$/.test(value)) return false;
  const step = (Number(value[1]) - Number(value[0]) + 10) % 10;
  if (step !== 1 && step !== 9) return false;
  for (let i = 1; i < value.length; i += 1) {
    if ((Number(value[i]) - Number(value[i - 1]) + 10) % 10 !== step) return false;
  }
  return true;
}

/**
 * The sign-up policy (OWASP ASVS), stricter than the meter. Returns the first problem as an English message,
 * or null when the password is acceptable: at least 8 and at most 128 characters (Unicode code points,
 * nothing trimmed), not one of the common passwords (case-insensitive), not one character repeated and not a
 * straight digit sequence. The last two are refused with the "too common" message, since they are just as
 * easy to guess.
 */
export function newPasswordProblem(password: string): string | null {
  const length = characterCount(password);
  if (length < NEW_PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (length > NEW_PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  if (isCommonPassword(password) || isRepeatedCharacter(password) || isStraightDigitSequence(password)) {
    return PASSWORD_TOO_COMMON_MESSAGE;
  }
  return null;
}
