import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP ASVS's minimum: 19 MiB of memory, 2 passes, 1 lane. (`Algorithm` is a
 * const enum that does not exist at run time, so its value is written out: 2 is Argon2id.)
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when the password matches the hash. A hash that is not argon2 (or is damaged) never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for a username that matches nobody, so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('kaunti-no-such-account');
  await verifyPassword(await dummyHash, password);
}
