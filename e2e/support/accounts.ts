/**
 * Accounts helpers for browser tests: a new citizen, signed in, in a few lines.
 *
 *   import { signInNewUser } from '../support/accounts';
 *   const user = await signInNewUser(page);          // API sign-up + code from the outbox + verify
 *   await page.goto('/account/bills');               // a protected page, signed in
 *
 * Each user has a fresh random phone and ID, so tests never share an account (and never hit the
 * per-phone code limit). The server under test keeps SMS in its development outbox
 * (GET /api/dev/sms-outbox), which is how the codes are read.
 */
import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './ports';

export const TOKEN_COOKIE = 'kaunti_token';
export const DEFAULT_PASSWORD = 'Nyumba#Kumi2024';

export interface NewUser {
  first_name: string;
  middle_name?: string;
  sur_name: string;
  identifier: string;
  /** 254 form. */
  phone_number: string;
  email: string;
  password: string;
}

export interface SignedInUser extends NewUser {
  id: string;
  customer_no: string;
  /** A verified session's token (Bearer for the API). */
  token: string;
}

/** A random Kenyan mobile number, 254 form, away from the demo accounts (2547000000xx). */
export function randomPhone(): string {
  return `2547${randomInt(10_000_000, 100_000_000)}`;
}

/** A citizen's details with a fresh phone and national ID number. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = randomInt(10_000_000, 100_000_000);
  return {
    first_name: 'Achieng',
    middle_name: 'Awino',
    sur_name: 'Otieno',
    identifier: String(n),
    phone_number: randomPhone(),
    email: `achieng.${n}@example.co.ke`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** The newest message in the development SMS outbox for a phone (waits for one newer than `after`). */
export async function latestSms(
  request: APIRequestContext,
  phone: string,
  options: { after?: number } = {},
): Promise<{ id: number; message: string }> {
  let found: { id: number; message: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
        expect(res.ok()).toBe(true);
        const [newest] = (await res.json()).data as { id: number; message: string }[];
        found = newest && newest.id > (options.after ?? 0) ? newest : undefined;
        return found !== undefined;
      },
      { message: `an SMS to ${phone} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest SMS to a phone. */
export async function latestOtp(request: APIRequestContext, phone: string, options: { after?: number } = {}) {
  const sms = await latestSms(request, phone, options);
  const code = /\b(\d{6})\b/.exec(sms.message)?.[1];
  if (!code) throw new Error(`no code in "${sms.message}"`);
  return code;
}

/** The id of the newest SMS to a phone (0 when none), to wait for the next one. */
export async function lastSmsId(request: APIRequestContext, phone: string): Promise<number> {
  const res = await request.get(`/api/dev/sms-outbox?phone=${phone}`);
  const [newest] = (await res.json()).data as { id: number }[];
  return newest?.id ?? 0;
}

/** Signs up through the API and verifies the code from the outbox: a verified session. */
export async function signUpThroughApi(
  request: APIRequestContext,
  overrides: Partial<NewUser> = {},
): Promise<SignedInUser> {
  const user = newUser(overrides);
  const signup = await request.post('/api/auth/signup', { data: user });
  expect(signup.status(), await signup.text()).toBe(201);
  const { token: loginToken, customer_no } = await signup.json();
  const verify = await request.post('/api/auth/otp/verify', {
    data: { otp: await latestOtp(request, user.phone_number) },
    headers: { authorization: `Bearer ${loginToken}` },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  const { token, data } = await verify.json();
  return { ...user, id: data.id, customer_no, token };
}

/** Puts a session token in the browser's cookie, as the portal does after signing in. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: TOKEN_COOKIE, value: encodeURIComponent(token), url: E2E_BASE_URL, sameSite: 'Strict' },
    ]);
}

/**
 * A new citizen, signed up and verified through the API, with the session in the page's cookie:
 * the next page.goto() of a protected route opens signed in.
 */
export async function signInNewUser(page: Page, overrides: Partial<NewUser> = {}): Promise<SignedInUser> {
  const user = await signUpThroughApi(page.request, overrides);
  await useToken(page, user.token);
  return user;
}

/**
 * Opens a page the server renders (sign-in, sign-up, E-Verify, /parking) and waits until its
 * script has taken over (hydration): a click before then is a plain form post, which the pages
 * answer too, but not with the script's checks and next steps that a test then looks for.
 */
export async function gotoServerPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/**
 * Signs in through the pages: /login, the password, then the code from the outbox. Ends on the
 * page the sign-in goes to (the saved path, or home).
 */
export async function signInThroughPages(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await gotoServerPage(page, '/login');
  const phone = phoneFor(username);
  const before = await lastSmsId(page.request, phone);
  await page.getByRole('textbox', { name: /Phone number or ID number/ }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Code/ })
    .fill(await latestOtp(page.request, phone, { after: before }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The 254 form of a phone written in any accepted form (the helpers sign in with phones). */
function phoneFor(username: string): string {
  const digits = username.replace(/[\s-]/g, '');
  const match = /^(?:\+254|254|0)?([71]\d{8})$/.exec(digits);
  if (!match) throw new Error(`signInThroughPages needs a phone number, not "${username}"`);
  return `254${match[1]}`;
}

/** Signs out through the header's account menu (the menu folds into "Menu" on a phone). */
export async function logOutThroughMenu(page: Page, firstName: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('button', { name: new RegExp(`Account menu: ${firstName}`) })
    .filter({ visible: true })
    .click();
  await page.getByRole('button', { name: 'Log out' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The demo officers' password (the seed's, development only). */
export const STAFF_PASSWORD = 'Kaunti#Staff2024';

/** Officers' sessions already made in this worker, by phone and password (a promise, so one sign-in at a time). */
const staffSessions = new Map<string, Promise<string>>();

/**
 * An officer's session through the API: password, then the code from the outbox. Made once per
 * worker and officer, then reused: a phone gets at most 5 codes in 30 minutes (the accounts'
 * limit), and several journeys use the demo officers. A demo officer may be signing in from the
 * other browser project at the same moment, and the newest code may be that one's: a refused code
 * signs in again (three times at most), never a fixed wait.
 */
export function staffToken(
  request: APIRequestContext,
  phone: string,
  password = STAFF_PASSWORD,
): Promise<string> {
  const key = `${phone}\n${password}`;
  let session = staffSessions.get(key);
  if (!session) {
    session = signInOfficer(request, phone, password);
    staffSessions.set(key, session);
    session.catch(() => staffSessions.delete(key));
  }
  return session;
}

async function signInOfficer(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const full = `254${phone.slice(1)}`;
  for (let attempt = 1; ; attempt++) {
    const before = await lastSmsId(request, full);
    const login = await request.post('/api/auth/login', { data: { username: phone, password } });
    expect(login.status(), await login.text()).toBe(200);
    const verify = await request.post('/api/auth/otp/verify', {
      data: { otp: await latestOtp(request, full, { after: before }) },
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    });
    if (verify.status() === 200 || attempt === 3) {
      expect(verify.status(), await verify.text()).toBe(200);
      return (await verify.json()).token as string;
    }
  }
}
