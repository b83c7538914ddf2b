import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  other = await createSignedInUser(t);
});
afterAll(() => t.close());

const put = (user: TestUser | undefined, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/drafts/${id}`,
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('drafts', () => {
  it('saves what is typed as the user goes, and resumes it', async () => {
    const id = randomUUID();
    const first = await put(owner, id, {
      service_id: 'land-transfer',
      step: 1,
      values: { idCard: randomUUID() },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id,
      service_id: 'land-transfer',
      service_title: 'Land Owner Amendment',
      route: '/land-transfer',
      step: 1,
    });

    // PUT again: the same draft, replaced (idempotent), not a second one.
    const values = { lr_number: '209/10001', square_feet: '5000', idCard: first.json().values.idCard };
    const second = await put(owner, id, { service_id: 'land-transfer', step: 2, values });
    expect(second.statusCode).toBe(200);
    expect((await put(owner, id, { service_id: 'land-transfer', step: 2, values })).json().values).toEqual(
      values,
    );

    const list = await get(owner, '/api/drafts');
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ id, step: 2, values });
    const resumed = await get(owner, `/api/drafts/${id}`);
    expect(resumed.json()).toMatchObject({ id, step: 2, values });
  });

  it("never shows, overwrites or deletes another user's draft", async () => {
    const id = randomUUID();
    await put(owner, id, { service_id: 'land-survey', step: 0, values: { lr_number: '209/10002' } });

    expect((await get(other, `/api/drafts/${id}`)).statusCode).toBe(404);
    const takeover = await put(other, id, {
      service_id: 'land-survey',
      step: 0,
      values: { lr_number: 'mine' },
    });
    expect(takeover.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/drafts/${id}`, headers: other.headers });
    expect(del.statusCode).toBe(404);
    expect((await get(other, '/api/drafts')).json().data).toEqual([]);

    const still = await get(owner, `/api/drafts/${id}`);
    expect(still.json().values).toEqual({ lr_number: '209/10002' });
  });

  it('saves many drafts at the same moment, each as its own user sent it, and the later of two saves of one draft last', async () => {
    // Saves of existing drafts asked together go in one statement (platform/db/coalesce.ts).
    const mine = randomUUID();
    const theirs = randomUUID();
    await put(owner, mine, { service_id: 'land-survey', step: 0, values: { lr_number: '209/1' } });
    await put(other, theirs, { service_id: 'land-survey', step: 0, values: { lr_number: '209/2' } });
    const answers = await Promise.all([
      put(owner, mine, { service_id: 'land-survey', step: 1, values: { lr_number: '209/11 ñ "quoted"' } }),
      put(other, theirs, {
        service_id: 'land-survey',
        step: 1,
        values: { lr_number: '209/22', n: [1, { a: null }] },
      }),
      // Another user's id, in the same moment: taken over by nobody.
      put(other, mine, { service_id: 'land-survey', step: 1, values: { lr_number: 'not theirs' } }),
      put(owner, mine, { service_id: 'land-survey', step: 2, values: { lr_number: '209/111' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 404, 200]);
    expect(answers[0]!.json()).toMatchObject({
      id: mine,
      step: 1,
      values: { lr_number: '209/11 ñ "quoted"' },
    });
    expect(answers[1]!.json()).toMatchObject({
      id: theirs,
      step: 1,
      values: { lr_number: '209/22', n: [1, { a: null }] },
    });
    expect((await get(owner, `/api/drafts/${mine}`)).json()).toMatchObject({
      step: 2,
      values: { lr_number: '209/111' },
    });
    expect((await get(other, `/api/drafts/${theirs}`)).json()).toMatchObject({
      step: 1,
      values: { lr_number: '209/22', n: [1, { a: null }] },
    });
  });

  it('removes a draft by id', async () => {
    const id = randomUUID();
    await put(owner, id, { service_id: 'ground-rent', step: 0, values: { lr_number: '209/10005' } });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/drafts/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, deleted: true });
    expect((await get(owner, `/api/drafts/${id}`)).statusCode).toBe(404);
    expect((await get(owner, '/api/drafts')).json().data.map((d: { id: string }) => d.id)).not.toContain(id);
  });

  it('keeps a draft only once something is typed, and drops one whose every field was cleared', async () => {
    const id = randomUUID();
    const empty = await put(owner, id, {
      service_id: 'land-survey',
      step: 0,
      values: { lr_number: '', purpose: '  ' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ id, kept: false });
    expect((await get(owner, `/api/drafts/${id}`)).statusCode).toBe(404);

    const typed = await put(owner, id, {
      service_id: 'land-survey',
      step: 0,
      values: { lr_number: ' 209/10002 ' },
    });
    expect(typed.json()).toMatchObject({ kept: true, label: '209/10002', service_title: 'Land Survey' });
    const mine = (await get(owner, '/api/drafts?service_id=land-survey')).json().data;
    expect(mine.map((d: { id: string }) => d.id)).toContain(id);
    expect(new Set(mine.map((d: { service_id: string }) => d.service_id))).toEqual(new Set(['land-survey']));
    expect(
      (await get(owner, '/api/drafts?service_id=ground-rent')).json().data.map((d: { id: string }) => d.id),
    ).not.toContain(id);

    const cleared = await put(owner, id, { service_id: 'land-survey', step: 0, values: { lr_number: '' } });
    expect(cleared.json()).toMatchObject({ kept: false });
    expect((await get(owner, `/api/drafts/${id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown service or step, and anyone not signed in', async () => {
    const bad = await put(owner, randomUUID(), { service_id: 'free-land', step: 0, values: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This service does not exist.');
    const step = await put(owner, randomUUID(), { service_id: 'add-land', step: 5, values: {} });
    expect(step.statusCode).toBe(400);
    expect(
      (await put(undefined, randomUUID(), { service_id: 'add-land', step: 0, values: {} })).statusCode,
    ).toBe(401);
  });
});
