import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/core/accounts/schema';
import { createSessionService, type SessionService } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { type Database, openDatabase } from '../../src/platform/db/database';
import { withDatabase } from '../support/global-setup';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * Two instances on one PostgreSQL remember verified sessions in memory (sessions.ts): a session
 * one of them revokes is refused by the other at once, and an instance that cannot hear the
 * other's announcements (its listening connection lost or hung) reads every session from the
 * database until it hears them again. Runs on the real PostgreSQL in both test modes.
 */
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `kaunti_sessions_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER });
const signer = createTokenSigner('a-test-secret-a-test-secret-a-test-secret');
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let direct: Database;
let throughProxy: Database;
let a: SessionService;
let b: SessionService;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
  direct = await openDatabase({ kind: 'postgres', url: withDatabase(SERVER, name), poolSize: 3 });
  await direct.migrate();
  const target = new URL(SERVER);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(withDatabase(SERVER, name));
  url.host = `127.0.0.1:${proxy.port}`;
  throughProxy = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 3,
    timeouts: { connectMs: 800, queryMs: 1_200, idleMs: 10_000, reportMs: 3_000 },
  });
  // Instance A reaches PostgreSQL through a proxy the tests cut; B directly.
  a = createSessionService(throughProxy.db, signer, { remember: { listen: throughProxy.listen! } });
  b = createSessionService(direct.db, signer, { remember: { listen: direct.listen! } });
  await until(async () => (await signedIn()) !== undefined);
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await throughProxy?.close().catch(() => undefined);
  await direct?.close();
  await proxy?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

async function until(check: () => Promise<boolean> | boolean, ms = 8_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A user with a verified session (made on B), and whether A serves it from memory. */
async function signedIn() {
  const n = randomInt(10_000_000, 99_999_999);
  const [user] = await direct.db
    .insert(users)
    .values({
      customerNo: `TEST-${n}`,
      firstName: 'Akinyi',
      surName: 'Test',
      identifier: String(n),
      identifierType: 'id_number',
      phoneNumber: `2547${String(n).slice(0, 8)}`,
      email: `akinyi${n}@example.co.ke`,
      passwordHash: 'not-a-real-hash',
      firstTimeLogin: false,
      phoneVerifiedAt: new Date(),
    })
    .returning();
  const pending = await b.startPending(user!.id);
  const { sessionId } = await b.verify(pending.sessionId, user!.id);
  if (!(await a.find(sessionId, user!.id))) throw new Error('not live');
  return { userId: user!.id, sessionId };
}

/** Revoked behind every instance's back (by hand, as nothing in the portal does). */
const revokeByHand = (sessionId: string) =>
  direct.db.execute(sql`update sessions set state = 'revoked' where id = ${sessionId}`);

/** A fresh session A has read: after it is revoked by hand, A still serves it only from memory. */
async function remembersInMemory() {
  const s = await signedIn();
  await revokeByHand(s.sessionId);
  return (await a.find(s.sessionId, s.userId)) !== undefined;
}

describe('sessions remembered by several instances on PostgreSQL', () => {
  it('an instance serves a session it has read from memory', async () => {
    expect(await remembersInMemory()).toBe(true);
  });

  it('a logout on one instance is refused on the other at once', async () => {
    const s = await signedIn();
    await b.revoke(s.sessionId, 'logout', s.userId);
    await until(async () => (await a.find(s.sessionId, s.userId)) === undefined, 1_000);
  });

  it("a password change's revocations reach the other instance, and the kept session stays", async () => {
    const s = await signedIn();
    const kept = await b.verify((await b.startPending(s.userId)).sessionId, s.userId);
    expect(await a.find(kept.sessionId, s.userId)).toBeDefined();
    expect(await b.revokeOthers(s.userId, kept.sessionId, 'password_change')).toBe(1);
    await until(async () => (await a.find(s.sessionId, s.userId)) === undefined, 1_000);
    expect(await a.find(kept.sessionId, s.userId)).toBeDefined();
  });

  it('an instance that cannot hear the others stops serving from memory, and starts again once it can', async () => {
    const s = await signedIn();
    await revokeByHand(s.sessionId);
    expect(await a.find(s.sessionId, s.userId)).toBeDefined();
    proxy.freeze();
    // Hung without a word: within seconds A stops trusting its memory (its heartbeat is not
    // answered), so the revoked session is no longer served (the read fails or finds it revoked).
    await until(async () => {
      const found = await a.find(s.sessionId, s.userId).catch(() => undefined);
      return found === undefined;
    }, 10_000);
    proxy.resume();
    await until(async () => remembersInMemory().catch(() => false), 25_000);
  }, 45_000);
});
