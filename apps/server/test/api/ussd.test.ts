import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, signedInAs } from '../support/users';

/**
 * The USSD channel (issue 42) as the gateway drives it: each step posts the caller's answers so
 * far; the answer is `CON …` or `END …`, at most 182 characters after the prefix.
 */
let t: TestApp;
let close: () => Promise<void>;
let secret = '';

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`ussd-callback-secret-${randomUUID()}`));
  secret = t.config.ussdSecret;
});
afterAll(async () => close());

/** A phone the simulator pays from (no magic ending), a new one per caller. */
const newPhone = () =>
  `2547${String(randomInt(10_000_000, 99_999_999))}`.replace(/(0000|0001|1032|1037|2222)$/, '5555');

async function dial(
  phone: string,
  answers: readonly string[],
  session = `ATUid_${randomUUID()}`,
): Promise<{ kind: 'CON' | 'END'; screen: string; status: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ussd/${secret}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId: session,
      serviceCode: '*235#',
      phoneNumber: `+${phone}`,
      networkCode: '63902',
      text: answers.join('*'),
    }).toString(),
  });
  const body = res.body;
  return { kind: body.slice(0, 3) as 'CON' | 'END', screen: body.slice(4), status: res.statusCode };
}

/** The session as a caller has it: each step posts every answer so far, in one session. */
function caller(phone = newPhone()) {
  const session = `ATUid_${randomUUID()}`;
  const answers: string[] = [];
  return {
    phone,
    async say(...more: string[]) {
      answers.push(...more);
      return dial(phone, answers, session);
    },
  };
}

/** The number a screen gives an entry: "3. Pay a bill" → "3". */
function numberOf(screen: string, label: string | RegExp): string {
  const line = screen
    .split('\n')
    .find((l) => (typeof label === 'string' ? l.includes(label) : label.test(l)));
  const match = line && /^(\d+)\. /.exec(line);
  if (!match) throw new Error(`No entry ${label} on the screen:\n${screen}`);
  return match[1]!;
}

async function waitForTicket(plate: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const tickets = await t.database.db.execute(
      `select status from parking_tickets where plate = '${plate}' order by created_at desc limit 1` as never,
    );
    const rows = (tickets as unknown as { rows: { status: string }[] }).rows;
    if (rows[0]?.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The ticket of ${plate} never became ${status}`);
}

describe('the gateway', () => {
  it('answers a wrong secret as any unknown path: 404, no screen', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/not-the-secret-at-all',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sessionId=1&phoneNumber=%2B254712345678&text=',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/^CON|^END/);
  });

  it('opens on the language screen, then the main menu in the language chosen', async () => {
    const c = caller();
    const first = await c.say();
    expect(first).toMatchObject({ status: 200, kind: 'CON' });
    expect(first.screen).toBe('Welcome to Nairobi City County\n1. English\n2. Kiswahili');
    const sw = await c.say('2');
    expect(sw.kind).toBe('CON');
    expect(sw.screen).toContain('Lipa bili');
    expect(sw.screen).toContain('Maegesho ya Siku');
    expect(sw.screen).toContain('Thibitisha hati');
  });

  it('remembers a phone’s language: its next session starts on the main menu in it', async () => {
    const phone = newPhone();
    await dial(phone, ['2'], 'ATUid_first');
    /** The whole main menu of a session, its pages joined (98 pages on), with the answers to reach each page. */
    const wholeMenu = async (session: string) => {
      let shown = await dial(phone, [], session);
      const pages = [{ screen: shown.screen, path: [] as string[] }];
      while (shown.screen.split('\n').some((l) => l.startsWith('98 '))) {
        const path = [...pages.at(-1)!.path, '98'];
        shown = await dial(phone, path, session);
        pages.push({ screen: shown.screen, path });
      }
      return pages;
    };
    const next = await wholeMenu('ATUid_second');
    expect(next[0]!.screen).not.toContain('1. English');
    expect(next.map((p) => p.screen).join('\n')).toContain('Akaunti yangu');
    // The language entry changes it back, for the sessions after.
    const page = next.find((p) => p.screen.includes('Lugha'))!;
    const english = await dial(phone, [...page.path, numberOf(page.screen, 'Lugha'), '1'], 'ATUid_second');
    expect(english.screen).toContain('Daily Parking');
    const third = await wholeMenu('ATUid_third');
    expect(third.map((p) => p.screen).join('\n')).toContain('My account');
  });

  it('repeats a screen after a wrong choice, with a short error; never ends the session', async () => {
    const c = caller();
    await c.say();
    const wrong = await c.say('7');
    expect(wrong.kind).toBe('CON');
    expect(wrong.screen).toBe(
      'Wrong choice, try again.\nWelcome to Nairobi City County\n1. English\n2. Kiswahili',
    );
    const menu = await c.say('1');
    const again = await c.say('42');
    expect(again.kind).toBe('CON');
    expect(again.screen).toBe(`Wrong choice, try again.\n${menu.screen}`);
  });

  it('00 goes back to the main menu and 0 to the screen before', async () => {
    const c = caller();
    await c.say();
    const menu = await c.say('1');
    const parking = await c.say(numberOf(menu.screen, 'Daily Parking'));
    expect(parking.screen).toContain('Enter the number plate');
    const zones = await c.say('KDA 123A');
    expect(zones.screen).toContain('Choose the parking zone');
    expect((await c.say('0')).screen).toBe(parking.screen);
    expect((await c.say('00')).screen).toBe(menu.screen);
    // The main menu has nothing before it: the language was chosen, not a place to go back to.
    expect(menu.screen).not.toContain('0 Back');
  });
});

/**
 * Every screen of every menu, in both languages, walked from the main menu: each at most 182
 * characters, `CON` while it waits for an answer, a wrong choice repeated. Payment prompts are
 * not chosen here (their own tests below pay).
 */
describe('limits', () => {
  it('answers at most 30 steps a minute from one phone (a person types far fewer); other phones go on', async () => {
    const phone = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await dial(phone, [])).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await dial(newPhone(), [])).status).toBe(200);
  });
});

describe('every menu path', () => {
  const typed: [RegExp, string][] = [
    [/plate|namba ya gari|nambari ya gari/i, 'KCB 456J'],
    [/LR/, '209/10001'],
    [/bill number|nambari ya bili/i, 'NOT-A-BILL'],
    [/QR/, 'ABCD-EFGH'],
    [/permit|kibali/i, 'NCC-UBP-2026-000000'],
    [/quantity|idadi/i, '3'],
  ];
  for (const language of ['1', '2']) {
    it(`walks every screen in ${language === '1' ? 'English' : 'Kiswahili'}`, async () => {
      const seen = new Set<string>();
      const queue: string[][] = [[language]];
      let screens = 0;
      while (queue.length > 0 && screens < 150) {
        const path = queue.shift()!;
        const answer = await dial(newPhone(), path);
        screens++;
        expect(answer.status).toBe(200);
        expect(['CON', 'END']).toContain(answer.kind);
        expect(answer.screen.length, `${path.join('*')}: ${answer.screen}`).toBeLessThanOrEqual(182);
        if (answer.kind === 'END' || seen.has(answer.screen)) continue;
        seen.add(answer.screen);
        const lines = answer.screen.split('\n');
        const choices = lines.filter((l) => /^\d+\. /.test(l));
        if (choices.length > 0) {
          // A wrong choice repeats the screen.
          const wrong = await dial(newPhone(), [...path, '97']);
          expect(wrong.kind).toBe('CON');
          expect(wrong.screen.endsWith(answer.screen.split('\n').slice(-1)[0]!)).toBe(true);
          for (const line of choices) {
            if (/^\d+\. (Pay KES|Lipa KES)/.test(line)) continue;
            if (/Lugha|Language/.test(line)) continue;
            queue.push([...path, /^(\d+)\./.exec(line)![1]!]);
          }
          if (lines.some((l) => l.startsWith('98 '))) queue.push([...path, '98']);
        } else {
          const known = typed.find(([pattern]) => pattern.test(answer.screen));
          if (known) queue.push([...path, known[1]]);
        }
      }
      expect(screens).toBeGreaterThan(10);
    });
  }
});

describe('daily parking by USSD', () => {
  it('pays the day through the M-Pesa prompt to the calling phone; the plate is then covered, never charged twice', async () => {
    const plate = `KD${String.fromCharCode(65 + randomInt(26))} ${randomInt(100, 999)}${String.fromCharCode(65 + randomInt(26))}`;
    const c = caller();
    await c.say();
    const menu = await c.say('1');
    await c.say(numberOf(menu.screen, 'Daily Parking'));
    const badPlate = await c.say('???');
    expect(badPlate.kind).toBe('CON');
    expect(badPlate.screen).toMatch(/^Please enter the number plate/);
    // The refused answer is not kept: the session goes on from the same question.
    const c2 = caller(c.phone);
    await c2.say();
    await c2.say('1');
    await c2.say(numberOf(menu.screen, 'Daily Parking'));
    const zones = await c2.say(plate);
    expect(zones.screen).toContain('Choose the parking zone');
    const types = await c2.say(numberOf(zones.screen, /Z1|Zone I\b|Central/));
    expect(types.screen).toContain('Choose the vehicle type');
    const confirm = await c2.say(numberOf(types.screen, 'Saloon'));
    expect(confirm.screen).toContain(plate.replace(/\s/g, '').replace(/^(\w{3})/, '$1 '));
    expect(confirm.screen).toContain('KES 300');
    const paid = await c2.say(numberOf(confirm.screen, 'Pay KES 300'));
    expect(paid.kind).toBe('END');
    expect(paid.screen).toMatch(
      /Check your phone and enter your M-Pesa PIN to pay KES 300|try again in a few minutes/,
    );
    const normalised = plate.replace(/\s/g, '').replace(/^(\w{3})/, '$1 ');
    await waitForTicket(normalised, 'paid');

    // The same plate, zone and day again: already paid, no second prompt.
    const again = caller();
    await again.say();
    const menu2 = await again.say('1');
    await again.say(numberOf(menu2.screen, 'Daily Parking'));
    const z = await again.say(plate);
    const ty = await again.say(numberOf(z.screen, /Z1|Zone I\b|Central/));
    const cf = await again.say(numberOf(ty.screen, 'Saloon'));
    const end = await again.say(numberOf(cf.screen, 'Pay KES'));
    expect(end).toMatchObject({ kind: 'END' });
    expect(end.screen).toMatch(/^Already paid today/);

    // The web sees the same ticket, paid.
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/parking/daily',
      payload: { plate, zone_code: 'Z1', vehicle_type: 'saloon', phone_number: `0${c.phone.slice(3)}` },
      remoteAddress: '10.44.0.1',
    });
    expect(web.json()).toMatchObject({ already_paid: true, ticket: { status: 'paid' } });

    // Its short code verifies on the USSD menu as on E-Verify.
    const shortCode = web.json().ticket.short_code as string;
    const v = caller();
    await v.say();
    const vm = await v.say('1');
    await v.say(numberOf(vm.screen, 'Verify a document'));
    const verdict = await v.say(shortCode);
    expect(verdict.kind).toBe('END');
    expect(verdict.screen).toMatch(/is valid\. Holder: /);
  });
});

describe('market cess by USSD', () => {
  it('a load paid by the prompt to the calling phone, its screens from the definition (in Kiswahili too); never charged twice', async () => {
    const plate = `KC${String.fromCharCode(65 + randomInt(26))} ${randomInt(100, 999)}${String.fromCharCode(65 + randomInt(26))}`;
    const normalised = plate.replace(/\s/g, '').replace(/^(\w{3})/, '$1 ');
    const walkTo = async (c: ReturnType<typeof caller>, language: '1' | '2') => {
      await c.say();
      const menu = await c.say(language);
      const plateQuestion = await c.say(
        numberOf(menu.screen, language === '1' ? 'Market Cess' : /Ushuru wa soko/i),
      );
      expect(plateQuestion.kind).toBe('CON');
      let markets = await c.say(plate);
      // The county's markets, in the caller's language, paged with 98.
      const wakulima = language === '1' ? 'Wakulima (Marikiti) Market' : 'Soko la Wakulima (Marikiti)';
      while (!markets.screen.includes(wakulima)) markets = await c.say('98');
      const produce = await c.say(numberOf(markets.screen, wakulima));
      const potatoes = language === '1' ? 'Irish potatoes' : 'Viazi';
      const quantity = await c.say(numberOf(produce.screen, potatoes));
      expect(quantity.kind).toBe('CON');
      const tooMany = await c.say('0');
      expect(tooMany.kind).toBe('CON');
      return c;
    };

    const c = await walkTo(caller(), '2');
    // A refused quantity is asked again; the caller's next session starts over from the menu.
    const again = caller(c.phone);
    await again.say();
    const menu = await again.say();
    const cess = await again.say(numberOf(menu.screen, /Ushuru wa soko/i));
    expect(cess.kind).toBe('CON');

    const payer = await walkTo(caller(), '1');
    // 40 bags of potatoes at Wakulima, KES 60 a bag in Nairobi.
    const fresh = caller(payer.phone);
    await fresh.say();
    const m = await fresh.say();
    await fresh.say(numberOf(m.screen, 'Market Cess'));
    let markets = await fresh.say(plate);
    while (!markets.screen.includes('Wakulima (Marikiti) Market')) markets = await fresh.say('98');
    const produce = await fresh.say(numberOf(markets.screen, 'Wakulima (Marikiti) Market'));
    await fresh.say(numberOf(produce.screen, 'Irish potatoes'));
    const confirm = await fresh.say('40');
    expect(confirm.screen).toContain(normalised);
    expect(confirm.screen).toContain('KES 2,400');
    const paid = await fresh.say(numberOf(confirm.screen, 'Pay KES 2,400'));
    expect(paid.kind).toBe('END');
    expect(paid.screen).toMatch(
      /Check your phone and enter your M-Pesa PIN to pay KES 2,400|try again in a few minutes/,
    );

    // The enforcement officer's plate check sees the cess paid today.
    for (let i = 0; i < 200; i++) {
      const rows = (
        (await t.database.db.execute(
          `select status from service_tickets where plate = '${normalised}' order by created_at desc limit 1` as never,
        )) as unknown as { rows: { status: string }[] }
      ).rows;
      if (rows[0]?.status === 'paid') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/markets/cess',
      payload: { plate, market_code: 'WAK', produce_code: 'POT', quantity: 40, phone_number: '0712345678' },
      remoteAddress: '10.44.0.2',
    });
    expect(web.statusCode, web.body).toBeLessThan(300);
    expect(web.json()).toMatchObject({ already_paid: true });

    // Again by USSD: already paid, no second prompt.
    const second = caller();
    await second.say();
    const sm = await second.say('1');
    await second.say(numberOf(sm.screen, 'Market Cess'));
    let sMarkets = await second.say(plate);
    while (!sMarkets.screen.includes('Wakulima (Marikiti) Market')) sMarkets = await second.say('98');
    const sProduce = await second.say(numberOf(sMarkets.screen, 'Wakulima (Marikiti) Market'));
    await second.say(numberOf(sProduce.screen, 'Irish potatoes'));
    const sConfirm = await second.say('40');
    const end = await second.say(numberOf(sConfirm.screen, 'Pay KES'));
    expect(end.kind).toBe('END');
    expect(end.screen).toMatch(/^Already paid today/);
  });
});

describe('bills by USSD', () => {
  it("land rates: an LR number's bill, the owner's name masked, paid by the prompt", async () => {
    const c = caller();
    await c.say();
    const menu = await c.say('1');
    const ask = await c.say(numberOf(menu.screen, 'Land rates'));
    expect(ask.screen).toContain('Enter the LR number');
    const unknown = await c.say('999/99999');
    expect(unknown.kind).toBe('CON');
    expect(unknown.screen).toMatch(/^No parcel has that LR number/);
    const c2 = caller();
    await c2.say();
    await c2.say('1');
    await c2.say(numberOf(menu.screen, 'Land rates'));
    const bill = await c2.say('209/10001');
    expect(bill.kind).toBe('CON');
    expect(bill.screen).toMatch(/Land rates \d{4}: 209\/10001/);
    expect(bill.screen).toMatch(/\*{3}/);
    expect(bill.screen).toMatch(/KES [\d,]+ due/);
  });

  it('pays a bill by its number; an unknown number is asked again', async () => {
    const user = await createSignedInUser(t);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/parking/daily',
      headers: user.headers,
      payload: { plate: 'KBZ 101Q', zone_code: 'Z2', vehicle_type: 'saloon', phone_number: '0700000000' },
      remoteAddress: '10.44.0.2',
    });
    const billNo = raised.json().ticket.bill_no as string;
    const c = caller();
    await c.say();
    const menu = await c.say('1');
    await c.say(numberOf(menu.screen, 'Pay a bill'));
    const none = await c.say('NOPE-1');
    expect(none.screen).toMatch(/^No open bill has that number/);
    const c2 = caller();
    await c2.say();
    await c2.say('1');
    await c2.say(numberOf(menu.screen, 'Pay a bill'));
    const bill = await c2.say(billNo);
    expect(bill.screen).toContain(billNo);
    expect(bill.screen).toContain('KES 200 due');
    // The first prompt (to 0700000000, the no-callback phone) is still pending: the bill's
    // one-prompt rule answers, clearly, at the end of the session.
    const end = await c2.say(numberOf(bill.screen, 'Pay KES 200'));
    expect(end.kind).toBe('END');
  });

  it("My bills: the unpaid bills of the account registered to the calling phone, and no one else's", async () => {
    const user = await createSignedInUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/parking/daily',
      headers: user.headers,
      payload: { plate: 'KCA 202R', zone_code: 'Z3', vehicle_type: 'saloon', phone_number: '0700000000' },
      remoteAddress: '10.44.0.3',
    });
    const mine = caller(user.phoneNumber);
    await mine.say();
    const menu = await mine.say('1');
    const account = await mine.say(numberOf(menu.screen, 'My account'));
    expect(account.screen.split('\n')[0]).toBe('Your account');
    const bills = await mine.say(numberOf(account.screen, 'My bills'));
    expect(bills.kind).toBe('CON');
    expect(bills.screen).toMatch(/^Your unpaid bills\n1\. \S+ KES \d+/);

    const stranger = caller();
    await stranger.say();
    await stranger.say('1');
    const theirs = await stranger.say(numberOf(menu.screen, 'My account'));
    expect(theirs.kind).toBe('END');
    expect(theirs.screen).toMatch(/^No account uses this phone number/);
  });
});

describe('a business permit by USSD', () => {
  it('says a number that is no permit in force is not valid, as GET /api/permits/validate does', async () => {
    const c = caller();
    await c.say();
    const menu = await c.say('2');
    await c.say(numberOf(menu.screen, 'Kibali cha biashara'));
    const answer = await c.say('ncc-ubp-2026-999999');
    expect(answer.kind).toBe('END');
    expect(answer.screen).toBe(
      'Kibali NCC-UBP-2026-999999 si halali: hakikutolewa, kimebatilishwa au muda wake umeisha.',
    );
  });
});

/** The number of an entry of a menu that may go on to more pages (98): those pages are asked for. */
async function onMenu(
  c: ReturnType<typeof caller>,
  screen: { screen: string },
  label: string,
): Promise<string> {
  let page = screen;
  while (!page.screen.includes(label) && page.screen.includes('\n98 ')) page = await c.say('98');
  return numberOf(page.screen, label);
}

describe('renewing a permit by USSD', () => {
  it("renews a permit of the calling phone's account that is due, and texts the prompt for its bill; nobody else's", async () => {
    // The demo citizen's businesses hold a permit expiring in 10 days and one expired (demo-permits.ts).
    const holder = await signedInAs(t, '0712345678');
    const permitsNow = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/permits', headers: holder.headers })).json().data as {
        permitNo: string;
        renewable: boolean;
        state: string;
      }[];
    const due = (await permitsNow()).filter((p) => p.renewable);
    expect(due.length).toBeGreaterThan(0);
    const chosen = due[0]!.permitNo;

    // In Kiswahili, chosen on the first screen.
    const c = caller('254712345678');
    await c.say();
    const menu = await c.say('2');
    const account = await c.say(await onMenu(c, menu, 'Akaunti yangu'));
    expect(account.screen.split('\n')[0]).toBe('Akaunti yako');
    const list = await c.say(numberOf(account.screen, 'Huisha kibali'));
    expect(list.kind).toBe('CON');
    expect(list.screen.split('\n')[0]).toBe('Vibali vya kuhuishwa');
    const confirm = await c.say(numberOf(list.screen, chosen));
    expect(confirm.kind).toBe('CON');
    expect(confirm.screen).toMatch(/Kinaisha|Kiliisha/);
    const end = await c.say(numberOf(confirm.screen, 'Huisha na ulipe'));
    expect(end.kind, end.screen).toBe('END');
    expect(end.screen).toMatch(new RegExp(`KES [\\d,]+ kwa ${chosen}`));
    for (const screen of [account, list, confirm, end]) expect(screen.screen.length).toBeLessThanOrEqual(182);

    // The simulator pays the prompt: the renewal is issued and the old permit shows renewed.
    let state = '';
    for (let i = 0; i < 200 && state !== 'renewed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      state = (await permitsNow()).find((p) => p.permitNo === chosen)?.state ?? '';
    }
    expect(state).toBe('renewed');

    // The phone is known now (Kiswahili): switched to English, the list no longer offers it.
    const again = caller('254712345678');
    const home = await again.say();
    await again.say(await onMenu(again, home, 'Lugha'));
    const english = await again.say('1');
    const mine = await again.say(numberOf(english.screen, 'My account'));
    const after = await again.say(numberOf(mine.screen, 'Renew a permit'));
    expect(after.screen).toMatch(/^(Due for renewal|None of your permits may be renewed now)/);
    expect(after.screen).not.toContain(chosen);

    // A phone no account uses is told so.
    const stranger = caller();
    await stranger.say();
    const strangerMenu = await stranger.say('1');
    const theirs = await stranger.say(numberOf(strangerMenu.screen, 'My account'));
    expect(theirs.kind).toBe('END');
    expect(theirs.screen).toMatch(/^No account uses this phone number/);
  });
});
