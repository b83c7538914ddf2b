import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountServices } from '../../src/core/accounts/accounts';
import { createCustomerRecords } from '../../src/core/accounts/customer-records';
import { users } from '../../src/core/accounts/schema';
import { createSessionService } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { auditLog } from '../../src/core/audit/schema';
import { createCountyService } from '../../src/core/county/county-service';
import type { SmsGateway } from '../../src/platform/sms/sms-gateway';
import {
  call,
  latestCode,
  randomIdNumber,
  randomIp,
  randomPhone,
  STRONG_PASSWORD,
  signUpAndVerify,
} from '../support/accounts';
import { makePdf, upload, uploadId } from '../support/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileBody = {
  first_name: 'Achieng',
  middle_name: '',
  sur_name: 'Odera',
  email: 'achieng@example.co.ke',
  mobile_number_2nd: '0722 000 111',
  secondary_email: 'achieng.work@example.co.ke',
};

describe('GET /api/profile', () => {
  it('answers the active user (with psv) and the county revenue summary', async () => {
    const user = await signUpAndVerify(t, { identifier: `P${randomIdNumber()}0M` });
    const res = await call(t, 'GET', '/api/profile', { token: user.token });
    expect(res.statusCode).toBe(200);
    const { data, erp_data } = res.json();
    expect(data).toMatchObject({
      id: user.userId,
      customer_no: user.customerNo,
      first_name: 'Achieng',
      middle_name: 'Awino',
      sur_name: 'Otieno',
      full_name: 'Achieng Awino Otieno',
      identifier_type: 'pin_no',
      phone_number: user.phone,
      email: 'achieng.otieno@example.co.ke',
      mobile_number_2nd: null,
      secondary_email: null,
      photo: null,
      psv: false,
      first_time_login: false,
    });
    expect(data).not.toHaveProperty('password_hash');
    expect(data).not.toHaveProperty('passwordHash');
    expect(erp_data).toEqual({
      customer_no: user.customerNo,
      customer_name: 'Achieng Awino Otieno',
      identifier: user.input.identifier,
      identifier_type: 'pin_no',
      kra_pin: user.input.identifier,
      registered_at: data.created_at,
    });
  });

  it('without a token: 401 "Please login to continue"', async () => {
    const res = await call(t, 'GET', '/api/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please login to continue', code: 'unauthorized' });
  });

  it('each user reads their own profile, whatever else the request says', async () => {
    const a = await createSignedInUser(t);
    const b = await createSignedInUser(t);
    const res = await call(t, 'GET', `/api/profile?id=${b.id}&user_id=${b.id}`, { token: a.token });
    expect(res.json().data.id).toBe(a.id);
  });
});

describe('PUT /api/profile', () => {
  it('updates the names, e-mails and second phone; answers data with mobile_number_2nd, secondary_email, photo', async () => {
    const user = await signUpAndVerify(t);
    const res = await call(t, 'PUT', '/api/profile', { token: user.token, body: profileBody });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully.');
    expect(res.json().data).toMatchObject({
      first_name: 'Achieng',
      middle_name: null,
      sur_name: 'Odera',
      full_name: 'Achieng Odera',
      email: 'achieng@example.co.ke',
      mobile_number_2nd: '254722000111',
      secondary_email: 'achieng.work@example.co.ke',
      photo: null,
    });
    const again = await call(t, 'GET', '/api/profile', { token: user.token });
    expect(again.json().data.mobile_number_2nd).toBe('254722000111');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(audit.map((a) => a.action)).toContain('user.profile_updated');
  });

  it('empties the optional fields with empty strings, and keeps the photo when it is left out', async () => {
    const user = await signUpAndVerify(t);
    const photo = await uploadId(t, { authorization: `Bearer ${user.token}` }, 'me.png');
    const set = await call(t, 'PUT', '/api/profile', { token: user.token, body: { ...profileBody, photo } });
    expect(set.json().data.photo).toBe(photo);
    const res = await call(t, 'PUT', '/api/profile', {
      token: user.token,
      body: { ...profileBody, mobile_number_2nd: '', secondary_email: '' },
    });
    expect(res.json().data).toMatchObject({ mobile_number_2nd: null, secondary_email: null, photo });
    const removed = await call(t, 'PUT', '/api/profile', {
      token: user.token,
      body: { ...profileBody, photo: null },
    });
    expect(removed.json().data.photo).toBeNull();
  });

  it('validates with field messages', async () => {
    const user = await signUpAndVerify(t);
    const res = await call(t, 'PUT', '/api/profile', {
      token: user.token,
      body: {
        ...profileBody,
        first_name: ' ',
        email: 'not-an-email',
        mobile_number_2nd: '0812',
        photo: '../etc/passwd',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'first_name', message: 'Please enter your first name' },
      { path: 'email', message: 'Please enter a valid e-mail address, e.g. name@example.com' },
      {
        path: 'mobile_number_2nd',
        message: 'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
      },
      { path: 'photo', message: 'Please choose a JPEG or PNG image for your photo' },
    ]);
  });

  it("refuses another user's upload and a PDF as the photo", async () => {
    const user = await signUpAndVerify(t);
    const other = await signUpAndVerify(t);
    const theirs = await uploadId(t, { authorization: `Bearer ${other.token}` }, 'them.png');
    const pdf = await upload(
      t,
      { authorization: `Bearer ${user.token}` },
      {
        name: 'deed.pdf',
        type: 'application/pdf',
        bytes: await makePdf(),
      },
    );
    for (const photo of [theirs, pdf.json().id as string]) {
      const res = await call(t, 'PUT', '/api/profile', {
        token: user.token,
        body: { ...profileBody, photo },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: 'photo', message: 'Please choose a JPEG or PNG image for your photo' },
      ]);
    }
    expect((await call(t, 'GET', '/api/profile', { token: user.token })).json().data.photo).toBeNull();
  });

  it("cannot change another user's record, nor the phone or identifier", async () => {
    const a = await signUpAndVerify(t);
    const b = await signUpAndVerify(t);
    const res = await call(t, 'PUT', '/api/profile', {
      token: a.token,
      body: {
        ...profileBody,
        id: b.userId,
        phone_number: b.phone,
        identifier: b.input.identifier,
        psv: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.userId, phone_number: a.phone, psv: false });
    const [rowB] = await t.database.db.select().from(users).where(eq(users.id, b.userId));
    expect(rowB).toMatchObject({
      surName: 'Otieno',
      email: 'achieng.otieno@example.co.ke',
      phoneNumber: b.phone,
    });
  });
});

describe('POST /api/profile/psv-activation', () => {
  it('sets psv, and GET /api/profile shows it', async () => {
    const user = await signUpAndVerify(t);
    const res = await call(t, 'POST', '/api/profile/psv-activation', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'PSV activated successfully.', data: { psv: true } });
    expect((await call(t, 'GET', '/api/profile', { token: user.token })).json().data.psv).toBe(true);
    // Again: still true, one audit row.
    expect(
      (await call(t, 'POST', '/api/profile/psv-activation', { token: user.token })).json().data.psv,
    ).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.psv_activated'));
    expect(audit.filter((a) => a.actorId === user.userId)).toHaveLength(1);
  });
});

describe('POST /api/profile/change-phone', () => {
  it('sends a code to the new number after the password, then changes it with that code', async () => {
    const user = await signUpAndVerify(t);
    const next = randomPhone();
    const step1 = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: `0${next.slice(3)}`, password: STRONG_PASSWORD },
    });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json()).toEqual({
      message: 'We have sent a code to the new number. Enter it to confirm the change.',
      changed: false,
      mobile_number: next,
      otp_sent: true,
    });
    const code = await latestCode(t, next);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${next}` })).json().data[0]
        .message,
    ).toContain('phone number change code');
    const step2 = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: next, otp: code },
    });
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json()).toMatchObject({ changed: true, mobile_number: next, data: { phone_number: next } });

    // The new number signs in; the old one does not.
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: next, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const old = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong password, the current number, and a number of another account', async () => {
    const user = await signUpAndVerify(t);
    const other = await signUpAndVerify(t);
    const wrong = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: randomPhone(), password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'The password is incorrect.',
      details: [{ path: 'password', message: 'The password is incorrect.' }],
    });
    const same = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: user.phone, password: STRONG_PASSWORD },
    });
    expect(same.json().message).toBe('This is already your phone number.');
    const taken = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: other.phone, password: STRONG_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'An account with this phone number already exists. Please login or recover your password.',
    );
    const missing = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: randomPhone() },
    });
    expect(missing.json().details).toEqual([{ path: 'password', message: 'Please enter your password' }]);
  });

  it('a code sent to one new number does not change the phone to another', async () => {
    const user = await signUpAndVerify(t);
    const first = randomPhone();
    await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: first, password: STRONG_PASSWORD },
    });
    const res = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: randomPhone(), otp: await latestCode(t, first) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please request a code first.');
  });

  it('a session cannot be used to guess the password: after 5 wrong ones it must wait, while sign-in stays open to the owner', async () => {
    const user = await signUpAndVerify(t);
    for (let i = 0; i < 5; i++) {
      await call(t, 'POST', '/api/profile/change-phone', {
        token: user.token,
        body: { phone_number: randomPhone(), password: 'Wrong#Pass1' },
      });
    }
    const slowed = await call(t, 'POST', '/api/profile/change-phone', {
      token: user.token,
      body: { phone_number: randomPhone(), password: STRONG_PASSWORD },
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toContain('Please try again in 15 minutes.');
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('POST /api/profile/change-password', () => {
  it('changes the password and ends every other session at once; this one stays', async () => {
    const user = await signUpAndVerify(t);
    // A second device.
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    const second = await call(t, 'POST', '/api/auth/otp/verify', {
      token: login.json().token,
      body: { otp: await latestCode(t, user.phone) },
    });
    const otherToken = second.json().token as string;
    expect((await call(t, 'GET', '/api/profile', { token: otherToken })).statusCode).toBe(200);

    const res = await call(t, 'POST', '/api/profile/change-password', {
      token: user.token,
      body: { current_password: STRONG_PASSWORD, new_password: 'Mpya#Siri2025' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your password has been changed. You have been signed out on your other devices.',
      signed_out_sessions: 1,
    });
    expect((await call(t, 'GET', '/api/profile', { token: otherToken })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/profile', { token: user.token })).statusCode).toBe(200);

    const oldPassword = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: 'Mpya#Siri2025' },
    });
    expect(newPassword.statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(audit.map((a) => a.action)).toContain('user.password_changed');
  });

  it('refuses a wrong current password, a weak new one, and the same one', async () => {
    const user = await signUpAndVerify(t);
    const change = (body: unknown) =>
      call(t, 'POST', '/api/profile/change-password', { token: user.token, body });
    const wrong = await change({ current_password: 'Wrong#Pass1', new_password: 'Mpya#Siri2025' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'current_password', message: 'The current password is incorrect.' },
    ]);
    const weak = await change({ current_password: STRONG_PASSWORD, new_password: 'qwerty123' });
    expect(weak.json().details).toEqual([
      { path: 'new_password', message: 'This password is too common. Choose one that is harder to guess' },
    ]);
    const same = await change({ current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD });
    expect(same.json().message).toBe('The new password must be different from the current one.');
  });
});

describe('GET /api/customers/check (public) and /api/staff/customers/check', () => {
  let staffToken: string;
  beforeAll(async () => {
    staffToken = (await createOfficer(t, ['reviewer'])).token;
  });
  const staffCheck = (identifier: string) =>
    call(t, 'GET', `/api/staff/customers/check?identifier=${identifier}`, { token: staffToken });

  it('the public check answers the same for a registered, a county-known and an unknown identifier', async () => {
    const user = await signUpAndVerify(t);
    const answers = await Promise.all(
      [user.input.identifier, 'p051365947m', '2345678', randomIdNumber()].map(async (identifier) =>
        (await call(t, 'GET', `/api/customers/check?identifier=${identifier}`)).json(),
      ),
    );
    for (const answer of answers)
      expect(answer).toEqual({ data: null, has_account: false, erp_account: false });
    const citizen = await call(t, 'GET', `/api/staff/customers/check?identifier=2345678`, {
      token: user.token,
    });
    expect(citizen.statusCode).toBe(403);
  });

  it('a portal customer: has_account and erp_account, with a masked summary', async () => {
    const user = await signUpAndVerify(t);
    const res = await staffCheck(user.input.identifier);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        customer_no: user.customerNo,
        name: 'A****** O*****',
        identifier_type: 'id_number',
        masked_phone: `*********${user.phone.slice(-3)}`,
      },
      has_account: true,
      erp_account: true,
    });
  });

  it("a land parcel owner without a portal account is known to the county's records (app.ts wiring)", async () => {
    // Demo data: parcel owner Mwangaza Holdings Limited, KRA PIN P051365947M, has no account.
    const res = await staffCheck('p051365947m');
    expect(res.json()).toEqual({
      data: {
        customer_no: null,
        name: 'M******* H******* L******',
        identifier_type: 'pin_no',
        masked_phone: null,
      },
      has_account: false,
      erp_account: true,
    });
  });

  it('a demo account holder who also owns parcels: has_account and erp_account', async () => {
    const res = await staffCheck('2345678');
    expect(res.json()).toMatchObject({
      has_account: true,
      erp_account: true,
      data: { name: 'W****** K****' },
    });
  });

  it('an unknown identifier: data null, no account, no county record', async () => {
    const res = await staffCheck(randomIdNumber());
    expect(res.json()).toEqual({ data: null, has_account: false, erp_account: false });
  });

  it('is limited to 30 checks per address per minute', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await call(t, 'GET', '/api/customers/check?identifier=1234', { ip })).statusCode).toBe(200);
    }
    const refused = await call(t, 'GET', '/api/customers/check?identifier=1234', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please try again in 1 minute.');
  });

  it('county records registered by an area make erp_account true without a portal account', async () => {
    const records = createCustomerRecords();
    records.add({
      find: async (identifier) => (identifier === 'P051365947M' ? { name: 'Baraka Holdings Limited' } : null),
    });
    const signer = createTokenSigner(t.config.jwtSecret);
    const noSms: SmsGateway = { driver: 'outbox', send: async () => ({ accepted: true, status: 'Stored' }) };
    const { profile } = createAccountServices({
      db: t.database.db,
      sms: noSms,
      sessions: createSessionService(t.database.db, signer),
      county: createCountyService(t.database.db),
      customerRecords: records,
      secret: t.config.jwtSecret,
      isOwnImage: async () => false,
    });
    expect(await profile.checkCustomer(' p051365947m ')).toEqual({
      data: {
        customer_no: null,
        name: 'B***** H******* L******',
        identifier_type: 'pin_no',
        masked_phone: null,
      },
      has_account: false,
      erp_account: true,
    });
  });
});
