import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking } from '../../../test/support/fake-africastalking';
import { createAfricasTalkingDriver, readAtAnswer } from './africastalking-driver';

let fake: Awaited<ReturnType<typeof startFakeAfricasTalking>>;
const logged: { level: string; object: Record<string, unknown>; message: string }[] = [];
const logger = {
  info: (object: Record<string, unknown>, message: string) => logged.push({ level: 'info', object, message }),
  warn: (object: Record<string, unknown>, message: string) => logged.push({ level: 'warn', object, message }),
};

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.answerWith(undefined);
  fake.requests.length = 0;
  logged.length = 0;
});

const driver = (extra: { senderId?: string; timeoutMs?: number } = {}) =>
  createAfricasTalkingDriver(
    { username: 'kaunti', apiKey: 'at-test-key-123', baseUrl: `${fake.url}/`, ...extra },
    logger,
  );

describe("Africa's Talking SMS driver", () => {
  it('posts the form to /version1/messaging with the apiKey header and the +254 number', async () => {
    const result = await driver({ senderId: 'NAIROBICC' }).send('254712345678', 'Your code is 123456.');
    expect(result).toEqual({ accepted: true, status: 'Success', messageId: 'ATXid_1' });
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/version1/messaging');
    expect(request!.headers.apikey).toBe('at-test-key-123');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.headers.accept).toBe('application/json');
    expect(request!.form).toEqual({
      username: 'kaunti',
      to: '+254712345678',
      message: 'Your code is 123456.',
      from: 'NAIROBICC',
    });
  });

  it('leaves out `from` without a sender id', async () => {
    await driver().send('254712345678', 'x');
    expect(fake.requests[0]!.form).not.toHaveProperty('from');
  });

  it('a recipient status other than 100/101/102 is not accepted', async () => {
    fake.answerWith({
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1 Total Cost: 0',
          Recipients: [
            { statusCode: 403, number: '+254712345678', status: 'InvalidPhoneNumber', messageId: 'None' },
          ],
        },
      },
    });
    expect(await driver().send('254712345678', 'x')).toEqual({
      accepted: false,
      status: 'InvalidPhoneNumber',
    });
    expect(logged.at(-1)).toMatchObject({ level: 'warn', message: 'SMS not sent' });
  });

  it('an HTTP error, a body that is not JSON and a time-out are failures, never exceptions', async () => {
    fake.answerWith({ status: 401, body: 'The supplied authentication is invalid' });
    const unauthorised = await driver().send('254712345678', 'x');
    expect(unauthorised.accepted).toBe(false);
    expect(unauthorised.status).toContain('HTTP 401');

    fake.answerWith({ status: 200, body: '<html>gateway</html>' });
    expect(await driver().send('254712345678', 'x')).toEqual({
      accepted: false,
      status: 'the answer is not JSON',
    });

    fake.answerWith({ status: 201, body: {}, delayMs: 500 });
    const slow = await driver({ timeoutMs: 100 }).send('254712345678', 'x');
    expect(slow.accepted).toBe(false);
    expect(slow.status).toMatch(/^request failed/);
  });

  it('never logs the message text (it holds the code) nor the whole number', async () => {
    await driver().send('254712345678', 'Your code is 654321.');
    const text = JSON.stringify(logged);
    expect(text).not.toContain('654321');
    expect(text).not.toContain('254712345678');
    expect(logged[0]).toMatchObject({ level: 'info', object: { sms: { to: '254712***678' } } });
  });

  it('reads an answer without recipients as a failure with its message', () => {
    expect(readAtAnswer({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } })).toEqual({
      accepted: false,
      status: 'InvalidSenderId',
    });
    expect(readAtAnswer(null).accepted).toBe(false);
    expect(
      readAtAnswer({ SMSMessageData: { Recipients: [{ statusCode: '102', status: 'Queued' }] } }),
    ).toEqual({
      accepted: true,
      status: 'Queued',
    });
  });
});
