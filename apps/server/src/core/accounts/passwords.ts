import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { AppError } from '../../platform/errors';

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

export const PASSWORD_BUSY_MESSAGE =
  'Many people are signing in right now. Please try again in a few seconds.';
export const PASSWORD_BUSY_RETRY_AFTER_SECONDS = 3;

/**
 * Every argon2id hash (sign-up, sign-in, password change) takes a slot: at most `concurrency`
 * run at once (by default one fewer than the cores, so one is always left for the rest), and at most `maxWaiting` wait for one. Beyond that the
 * request answers 503 with Retry-After at once, so a burst of sign-ins costs a bounded share of
 * the CPU and never starves bills and payments (whose requests hash nothing).
 */
export class PasswordWork {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private concurrency: number,
    private maxWaiting: number,
  ) {}

  configure(limits: { concurrency: number; maxWaiting: number }): void {
    this.concurrency = limits.concurrency;
    this.maxWaiting = limits.maxWaiting;
  }

  /** How many hashes run and wait now (for the metrics and the tests). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active += 1;
    else {
      if (this.waiting.length >= this.maxWaiting)
        throw new AppError(503, 'service_unavailable', PASSWORD_BUSY_MESSAGE, undefined, {
          'retry-after': String(PASSWORD_BUSY_RETRY_AFTER_SECONDS),
        });
      // The slot is handed over by the one that finishes: `active` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** The process's one queue; buildApp sets its limits from the configuration. */
export const passwordWork = new PasswordWork(Math.max(1, availableParallelism() - 1), 64);

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, ARGON2_OPTIONS));
}

/** True when the password matches the hash. A hash that is not argon2 (or is damaged) never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for a username that matches nobody, so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('kaunti-no-such-account').catch((error: unknown) => {
    dummyHash = undefined; // a refused first try (busy) must not stay the answer
    throw error;
  });
  await verifyPassword(await dummyHash, password);
}
