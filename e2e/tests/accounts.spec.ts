import { expect, type Page, test } from '@playwright/test';
import {
  DEFAULT_PASSWORD,
  gotoServerPage,
  lastSmsId,
  latestOtp,
  latestSms,
  logOutThroughMenu,
  newUser,
  signInNewUser,
  signInThroughPages,
  TOKEN_COOKIE,
  useToken,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { closeHeaderMenu, openHeaderMenu } from '../support/page';
import { E2E_BASE_URL } from '../support/ports';
import { pdfFile, pngFile } from '../support/upload-files';

const PORTAL = 'Nairobi City County e-Services';
const NEW_PASSWORD = 'Mpya#Siri2025';

/** An unsigned JWT whose exp is in the past (the browser only reads it). */
function expiredToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'someone', sid: 'gone', scope: 'full', exp })}.c2ln`;
}

async function setCookie(page: Page, value: string) {
  await page.context().addCookies([{ name: TOKEN_COOKIE, value, url: E2E_BASE_URL, sameSite: 'Strict' }]);
}

/** On a phone the header's navigation (with the account slot) folds into "Menu". */

const guardAlert = (page: Page) =>
  page.getByRole('status').filter({ hasText: /login to continue|Invalid token/i });

test.describe('accounts', () => {
  test('sign up, the code from the outbox, the profile, edit, change the password, log out, log in again', async ({
    page,
  }) => {
    const user = newUser();
    const local = user.phone_number.slice(3);

    // Sign-up, with the identifier type and the strength meter shown as the user types.
    await gotoServerPage(page, '/signup');
    await expect(page).toHaveTitle(`Create an account | ${PORTAL}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.getByRole('textbox', { name: /^First name/ }).fill(user.first_name);
    await page.getByRole('textbox', { name: /^Surname/ }).fill(user.sur_name);
    await page.getByRole('textbox', { name: /^ID number, passport/ }).fill(user.identifier);
    await expect(page.getByTestId('identifier-type')).toHaveText('Type: National ID');
    await page.getByRole('textbox', { name: /^Phone number/ }).fill(`0${local}`);
    await page.getByRole('textbox', { name: /^E-mail address/ }).fill(user.email);
    await page.getByLabel(/^Password/).fill('abc');
    await expect(page.getByText('Password is weak')).toBeVisible();
    await page.getByLabel(/^Password/).fill(user.password);
    await expect(page.getByText('Password is strong')).toBeVisible();
    await page.getByLabel(/^Confirm the password/).fill(user.password);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The code step: its heading has the focus and is in view (on a phone too), the masked
    // phone, the development outbox link, the code from the outbox.
    const codeHeading = page.getByRole('heading', { level: 2, name: 'Enter the code' });
    await expect(codeHeading).toBeFocused();
    await expect(codeHeading).toBeInViewport();
    await expect(page.getByText(`We sent a code to *********${local.slice(-3)}.`)).toBeVisible();
    const outbox = page.getByRole('link', { name: 'Development: open the SMS outbox' });
    await expect(outbox).toHaveAttribute('href', `/api/dev/sms-outbox?phone=${user.phone_number}`);
    await expectNoAxeViolations(page);
    const sms = await latestSms(page.request, user.phone_number);
    expect(sms.message).toMatch(
      /^Your Nairobi City County e-Services code is \d{6}\. It expires in 10 minutes\./,
    );
    await page.getByRole('textbox', { name: /^Code/ }).fill(await latestOtp(page.request, user.phone_number));
    await page.getByRole('button', { name: 'Verify' }).click();

    // A protected page: the profile, phone and e-mail masked.
    await expect(page).toHaveURL(/\/profile\/view$/);
    await expect(page).toHaveTitle(`My profile | ${PORTAL}`);
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expect(page.getByTestId('profile-phone')).toHaveText(`*********${local.slice(-3)}`);
    await expect(page.getByTestId('profile-email')).toHaveText(/^a\*+@\*+\.ke$/);
    await expect(page.getByTestId('customer-no')).toHaveText(/^NCC-\d{7}$/);
    await expectNoAxeViolations(page);

    // Edit the profile.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue(user.first_name);
    await page.getByRole('textbox', { name: /^Surname/ }).fill('Odera');
    await page.getByRole('textbox', { name: /^Second phone number/ }).fill('0722 000 111');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    await expect(page.getByText(`${user.first_name} Odera`)).toBeVisible();
    await expect(page.getByText('*********111')).toBeVisible();

    // Activate PSV.
    await page.getByRole('button', { name: 'Activate PSV services' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    // Change the password.
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/profile\/change-password$/);
    await page.getByLabel(/^Current password/).fill(user.password);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm the password/).fill(NEW_PASSWORD);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // Log out from the header's menu: the token is gone, a protected page sends to /login.
    await logOutThroughMenu(page, user.first_name);
    expect((await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)).toBeUndefined();
    await openHeaderMenu(page);
    await expect(page.getByRole('link', { name: 'Sign in' }).filter({ visible: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await closeHeaderMenu(page);

    // The old password no longer works; the new one does.
    await page.getByRole('textbox', { name: /Phone number or ID number/ }).fill(`0${local}`);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect phone number, ID number or password.');
    await expect(page.getByRole('textbox', { name: /Phone number or ID number/ })).toHaveValue(`0${local}`);
    await signInThroughPages(page, `0${local}`, NEW_PASSWORD);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await page.goto('/profile/view');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  });

  test('no token: "Please login to continue", and back to the saved page after signing in', async ({
    page,
  }) => {
    const user = await signInNewUser(page);
    await page.context().clearCookies();
    await page.goto('/profile/edit');
    await expect(page).toHaveURL(/\/login$/);
    await expect(guardAlert(page)).toHaveText('Please login to continue');
    await expect(page).toHaveTitle(`Sign in | ${PORTAL}`);
    await expectNoAxeViolations(page);
    await signInThroughPages(page, user.phone_number, DEFAULT_PASSWORD);
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    // The second phone's hint says what it is for (codes still go to the main number).
    await expect(
      page.getByText('Sign-in codes still go to your main number.', { exact: false }),
    ).toBeVisible();
    // Signed in: /login and /signup send the user to their account.
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/profile\/view$/);
    }
  });

  test('an expired token: "Session Expired. Login to continue"', async ({ page }) => {
    await setCookie(page, expiredToken());
    await page.goto('/profile/view');
    await expect(page).toHaveURL(/\/login$/);
    await expect(guardAlert(page)).toHaveText('Session Expired. Login to continue');
    await expectNoAxeViolations(page);
  });

  test('a token that cannot be decoded: "Invalid token specified"', async ({ page }) => {
    await setCookie(page, 'garbage');
    await page.goto('/profile/change-password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(guardAlert(page)).toHaveText('Invalid token specified');
    expect((await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)).toBeUndefined();
  });

  test('a session ended elsewhere (password changed on another device) signs this one out with "Session Expired"', async ({
    page,
    request,
  }) => {
    const user = await signInNewUser(page);
    await page.goto('/profile/view');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    // Another device signs in and changes the password: every other session ends at once.
    const login = await request.post('/api/auth/login', {
      data: { username: user.phone_number, password: user.password },
    });
    const other = await request.post('/api/auth/otp/verify', {
      data: { otp: await latestOtp(request, user.phone_number) },
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    });
    const change = await request.post('/api/profile/change-password', {
      data: { current_password: user.password, new_password: NEW_PASSWORD },
      headers: { authorization: `Bearer ${(await other.json()).token}` },
    });
    expect(change.ok()).toBe(true);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(guardAlert(page)).toHaveText('Session Expired. Login to continue');
  });

  test('password recovery by a code to the phone', async ({ page }) => {
    const user = await signInNewUser(page);
    await page.context().clearCookies();
    await gotoServerPage(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    await expect(page).toHaveTitle(`Recover your password | ${PORTAL}`);
    await expectNoAxeViolations(page);
    const before = await lastSmsId(page.request, user.phone_number);
    await page.getByRole('textbox', { name: /Phone number or ID number/ }).fill(user.identifier);
    await page.getByRole('button', { name: 'Send code' }).click();
    // The same words whether or not an account exists: no phone is shown.
    await expect(
      page.getByText('If an account uses this phone number or ID number, we have sent a code to its phone.', {
        exact: false,
      }),
    ).toBeVisible();
    const sms = await latestSms(page.request, user.phone_number, { after: before });
    expect(sms.message).toContain('password reset code');
    await page.getByRole('textbox', { name: /^Code/ }).fill(/\b(\d{6})\b/.exec(sms.message)![1]!);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm the password/).fill(NEW_PASSWORD);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'reset' })).toHaveText(
      'Your password has been reset. Please login with your new password.',
    );
    await signInThroughPages(page, user.phone_number, NEW_PASSWORD);
    await page.goto('/profile/view');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  });

  test('change the phone number with a code sent to the new number', async ({ page }) => {
    const user = await signInNewUser(page);
    const next = newUser().phone_number;
    await page.goto('/profile/change-phone');
    await expect(page).toHaveTitle(`Change phone number | ${PORTAL}`);
    await page.getByRole('textbox', { name: /^New phone number/ }).fill(`+${next}`);
    await page.getByLabel(/^Current password/).fill(user.password);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send code to the new number' }).click();
    await expect(page.getByText(`We sent a code to *********${next.slice(-3)}.`)).toBeVisible();
    await page.getByRole('textbox', { name: /^Code/ }).fill(await latestOtp(page.request, next));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm the new number' }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    await expect(page.getByTestId('profile-phone')).toHaveText(`*********${next.slice(-3)}`);
  });

  test('a profile photo: chosen on /profile/edit, refused when not an image, shown on /profile/view', async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/profile/edit');
    const picker = page.getByLabel(/^Profile photo/);
    await expect(page.getByRole('img', { name: 'No photo yet' })).toBeVisible();

    // A PDF is refused beside the field, and is never sent.
    await picker.setInputFiles(pdfFile('title-deed.pdf'));
    await expect(page.locator('#photo-error')).toContainText(
      'Please choose a JPEG or PNG image for your photo',
    );
    await expect(picker).toHaveAttribute('aria-invalid', 'true');

    await picker.setInputFiles(pngFile('me.png'));
    const preview = page.getByRole('img', { name: 'Photo of Achieng Awino Otieno' });
    await expect(preview).toBeVisible();
    await expect(picker).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page).toHaveURL(/\/profile\/view$/);
    const shown = page.getByRole('img', { name: 'Photo of Achieng Awino Otieno' });
    await expect(shown).toBeVisible();
    // The picture really arrived (fetched with the session's token): it has pixels.
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expectNoAxeViolations(page);
  });

  test('sign-up errors: the fields say what is wrong, the server says the details cannot be used, nothing typed is lost', async ({
    page,
  }) => {
    const existing = await signInNewUser(page);
    await page.context().clearCookies();
    await gotoServerPage(page, '/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toBeFocused();
    await page.getByRole('textbox', { name: /^Phone number/ }).fill('0812345678');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText(
        'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const user = newUser({ phone_number: existing.phone_number });
    await page.getByRole('textbox', { name: /^First name/ }).fill(user.first_name);
    await page.getByRole('textbox', { name: /^Surname/ }).fill(user.sur_name);
    await page.getByRole('textbox', { name: /^ID number, passport/ }).fill(user.identifier);
    await page.getByRole('textbox', { name: /^Phone number/ }).fill(user.phone_number);
    await page.getByRole('textbox', { name: /^E-mail address/ }).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByLabel(/^Confirm the password/).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // One answer that names no field, so it confirms no one's registration, and says what to do.
    const taken =
      'We could not create an account with these details. If you already have an account, please login or recover your password; otherwise check your phone number and ID number.';
    await expect(page.getByRole('alert').filter({ hasText: taken })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue(user.first_name);
    await expect(page.getByLabel(/^Password/)).toHaveValue(user.password);
    await expectNoAxeViolations(page);
  });

  test('in Kiswahili: the sign-in page and the guard message', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('kaunti.language', 'sw'));
    await page.goto('/profile/view');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ingia' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Tafadhali ingia ili kuendelea' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Onyesha nenosiri' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    await gotoServerPage(page, '/login');
    const password = page.getByLabel(/^Password/);
    await password.fill('Siri#2024');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a signed-in user: first name in the header, a menu with Profile, Bills, Applications, Drafts', {
    tag: '@desktop',
  }, async ({ page }) => {
    const user = await signInNewUser(page, { first_name: 'Wairimu' });
    await page.goto('/');
    // The landing page knows a signed-in user: a welcome and their account, no "Sign in".
    await expect(page.getByRole('heading', { name: 'Welcome back, Wairimu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your bills' })).toBeVisible();
    await openHeaderMenu(page);
    const account = page.getByRole('button', { name: 'Account menu: Wairimu' }).filter({ visible: true });
    await expect(account).toBeVisible();
    await account.click();
    for (const name of ['Profile', 'Bills', 'Applications', 'Drafts']) {
      await expect(page.getByRole('link', { name, exact: true }).filter({ visible: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Profile', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/profile\/view$/);
    void user;
  });

  test('the API token from the outbox flow opens the protected API; the login token does not', async ({
    request,
  }) => {
    const user = newUser();
    const signup = await request.post('/api/auth/signup', { data: user });
    const loginToken = (await signup.json()).token;
    const refused = await request.get('/api/profile', { headers: { authorization: `Bearer ${loginToken}` } });
    expect(refused.status()).toBe(401);
    const verify = await request.post('/api/auth/otp/verify', {
      data: { otp: await latestOtp(request, user.phone_number) },
      headers: { authorization: `Bearer ${loginToken}` },
    });
    const profile = await request.get('/api/profile', {
      headers: { authorization: `Bearer ${(await verify.json()).token}` },
    });
    expect(profile.status()).toBe(200);
    expect((await profile.json()).data.phone_number).toBe(user.phone_number);
    void useToken;
  });
});
