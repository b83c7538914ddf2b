import { describe, expect, it } from 'vitest';
import {
  C2B_REJECT_CODES,
  c2bAccept,
  c2bReject,
  isPathSecretValid,
  parseC2bPayload,
  parseStkCallback,
  resultCodeMeaning,
  UNKNOWN_RESULT_MEANING,
} from './callbacks';

/** The paid callback exactly as kenya-facts.md shows it (note the 1.0 amount and the Balance without Value). */
const PAID_CALLBACK_TEXT = `{"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1",
  "CheckoutRequestID":"ws_CO_191220191020363925","ResultCode":0,
  "ResultDesc":"The service request is processed successfully.",
  "CallbackMetadata":{"Item":[{"Name":"Amount","Value":1.0},
  {"Name":"MpesaReceiptNumber","Value":"QKH94M1Z11"},{"Name":"Balance"},
  {"Name":"TransactionDate","Value":20221117155745},{"Name":"PhoneNumber","Value":254708374149}]}}}}`;

const cancelled = {
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: 'ws_CO_191220191020363925',
      ResultCode: 1032,
      ResultDesc: 'Request cancelled by user',
    },
  },
};

function paidWith(items: unknown[], resultCode: unknown = 0) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'm-1',
        CheckoutRequestID: 'ws_CO_1',
        ResultCode: resultCode,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: { Item: items },
      },
    },
  };
}

describe('parseStkCallback', () => {
  it('reads a paid callback by item name', () => {
    expect(parseStkCallback(JSON.parse(PAID_CALLBACK_TEXT))).toEqual({
      success: true,
      data: {
        merchantRequestId: '29115-34620561-1',
        checkoutRequestId: 'ws_CO_191220191020363925',
        resultCode: 0,
        resultDesc: 'The service request is processed successfully.',
        paid: true,
        amountCents: 100,
        mpesaReceiptNumber: 'QKH94M1Z11',
        transactionDate: new Date('2022-11-17T12:57:45Z'),
        phoneNumber: '254708374149',
      },
    });
  });

  it('does not depend on the order of the items, and ignores items it does not know', () => {
    const result = parseStkCallback(
      paidWith([
        { Name: 'PhoneNumber', Value: 254112345678 },
        { Name: 'SomethingNew', Value: 'x' },
        { Name: 'TransactionDate', Value: 20240201000509 },
        { Name: 'Balance' },
        { Name: 'MpesaReceiptNumber', Value: 'SAB1C2D3E4' },
        { Name: 'Amount', Value: 2500 },
      ]),
    );
    expect(result).toMatchObject({
      success: true,
      data: {
        paid: true,
        amountCents: 250_000,
        mpesaReceiptNumber: 'SAB1C2D3E4',
        phoneNumber: '254112345678',
        transactionDate: new Date('2024-01-31T21:05:09Z'),
      },
    });
  });

  it('reads a cancelled callback, which has no metadata, as unpaid with no payment fields', () => {
    const result = parseStkCallback(cancelled);
    expect(result).toEqual({
      success: true,
      data: {
        merchantRequestId: '29115-34620561-1',
        checkoutRequestId: 'ws_CO_191220191020363925',
        resultCode: 1032,
        resultDesc: 'Request cancelled by user',
        paid: false,
      },
    });
    if (result.success) {
      expect(result.data.amountCents).toBeUndefined();
      expect(result.data.mpesaReceiptNumber).toBeUndefined();
    }
  });

  it('accepts a ResultCode sent as a string and a lone item instead of a list', () => {
    const result = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'c',
          ResultCode: '1037',
          ResultDesc: 'DS timeout user cannot be reached',
          CallbackMetadata: { Item: { Name: 'Balance' } },
        },
      },
    });
    expect(result).toMatchObject({ success: true, data: { resultCode: 1037, paid: false } });
  });

  it('leaves an unreadable date or phone undefined but keeps the payment', () => {
    const result = parseStkCallback(
      paidWith([
        { Name: 'Amount', Value: 10 },
        { Name: 'MpesaReceiptNumber', Value: 'QKH94M1Z11' },
        { Name: 'TransactionDate', Value: 20221317000000 },
        { Name: 'PhoneNumber', Value: '0722***111' },
      ]),
    );
    expect(result).toMatchObject({
      success: true,
      data: { amountCents: 1000, transactionDate: undefined, phoneNumber: undefined },
    });
  });

  it.each([
    ['no Amount', [{ Name: 'MpesaReceiptNumber', Value: 'QKH94M1Z11' }], /Amount/],
    [
      'a zero Amount',
      [
        { Name: 'Amount', Value: 0 },
        { Name: 'MpesaReceiptNumber', Value: 'QKH94M1Z11' },
      ],
      /Amount/,
    ],
    ['no receipt', [{ Name: 'Amount', Value: 10 }], /MpesaReceiptNumber/],
    [
      'a receipt that is not one',
      [
        { Name: 'Amount', Value: 10 },
        { Name: 'MpesaReceiptNumber', Value: 12 },
      ],
      /Receipt/,
    ],
  ])('refuses a paid callback with %s', (_name, items, error) => {
    const result = parseStkCallback(paidWith(items));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toMatch(error);
  });

  it.each([
    [null],
    ['text'],
    [{}],
    [{ Body: {} }],
    [
      {
        Body: {
          stkCallback: { CheckoutRequestID: 'c', ResultCode: 'zero', ResultDesc: '', MerchantRequestID: '' },
        },
      },
    ],
  ])('refuses %j', (body) => {
    const result = parseStkCallback(body);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toMatch(/^Not an STK callback/);
  });
});

const c2b = {
  TransactionType: 'Pay Bill',
  TransID: 'RKTQDM7W6S',
  TransTime: '20191122063845',
  TransAmount: '1500.00',
  BusinessShortCode: '6060047',
  BillRefNumber: ' INV-2024-01 ',
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254708374149',
  FirstName: 'Jane',
  MiddleName: '',
  LastName: 'Kamau',
};

describe('parseC2bPayload', () => {
  it('reads a confirmation: amounts in cents, the time as an instant, the bill reference trimmed', () => {
    expect(parseC2bPayload(c2b)).toEqual({
      success: true,
      data: {
        transactionType: 'Pay Bill',
        transId: 'RKTQDM7W6S',
        transTime: new Date('2019-11-22T03:38:45Z'),
        amountCents: 150_000,
        businessShortCode: '6060047',
        billRefNumber: 'INV-2024-01',
        invoiceNumber: '',
        orgAccountBalanceCents: 4_919_700,
        thirdPartyTransId: '',
        msisdn: '254708374149',
        phoneNumber: '254708374149',
        firstName: 'Jane',
        middleName: '',
        lastName: 'Kamau',
        payerName: 'Jane Kamau',
      },
    });
  });

  it.each([
    ['1500', 150_000],
    ['10.5', 1050],
    ['0.01', 1],
    [250, 25_000],
  ])('reads TransAmount %j as %i cents', (amount, cents) => {
    const result = parseC2bPayload({ ...c2b, TransAmount: amount });
    expect(result).toMatchObject({ success: true, data: { amountCents: cents } });
  });

  it.each(['abc', '-5', '1,500', '1.234', '0', ''])('refuses TransAmount %j', (amount) => {
    expect(parseC2bPayload({ ...c2b, TransAmount: amount }).success).toBe(false);
  });

  it('reads a validation request: no balance yet, a hashed MSISDN, missing optional names', () => {
    const { MiddleName: _m, LastName: _l, ...rest } = c2b;
    const hashed = 'b3f2c1a7d9e8f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1';
    const result = parseC2bPayload({ ...rest, OrgAccountBalance: '', MSISDN: hashed });
    expect(result).toMatchObject({
      success: true,
      data: { orgAccountBalanceCents: undefined, msisdn: hashed, phoneNumber: undefined, payerName: 'Jane' },
    });
  });

  it('refuses a payload without a TransID or with a bad TransTime', () => {
    const { TransID: _t, ...noId } = c2b;
    expect(parseC2bPayload(noId).success).toBe(false);
    const result = parseC2bPayload({ ...c2b, TransTime: '2019-11-22 06:38' });
    expect(result).toEqual({ success: false, error: 'TransTime must be a YYYYMMDDHHmmss time' });
  });
});

describe('C2B validation answers', () => {
  it('accepts with ResultCode "0" and rejects with Daraja C2B codes', () => {
    expect(c2bAccept()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    expect(c2bReject('invalidAccountNumber')).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
    expect(Object.values(C2B_REJECT_CODES)).toEqual([
      'C2B00011',
      'C2B00012',
      'C2B00013',
      'C2B00014',
      'C2B00015',
      'C2B00016',
    ]);
  });
});

describe('resultCodeMeaning', () => {
  it.each([
    [0, 'Payment received. Thank you.'],
    [1, 'Your M-Pesa balance is not enough for this payment. Top up and try again.'],
    [1001, 'Another M-Pesa payment is in progress on your phone. Wait a minute, then try again.'],
    [1019, 'The M-Pesa prompt expired before it was answered. Please try again.'],
    [1025, 'We could not send the M-Pesa prompt to your phone. Please try again.'],
    [9999, 'We could not send the M-Pesa prompt to your phone. Please try again.'],
    [1032, 'You cancelled the M-Pesa prompt.'],
    [1037, 'We could not reach your phone. Check that it is on and has network, then try again.'],
    [2001, 'The M-Pesa PIN was wrong. Please try again.'],
  ])('explains %i', (code, meaning) => {
    expect(resultCodeMeaning(code)).toBe(meaning);
  });

  it('reads the string codes stkpushquery answers', () => {
    expect(resultCodeMeaning('1032')).toBe('You cancelled the M-Pesa prompt.');
  });

  it.each([17, 4999, -1, 'C2B00012', ''])('gives a general message for %j', (code) => {
    expect(resultCodeMeaning(code)).toBe(UNKNOWN_RESULT_MEANING);
  });
});

describe('isPathSecretValid', () => {
  const secret = 'n3s6uXq9vT2bQ8wZ4kL7mP1rY5aD0cF';

  it('accepts the configured secret', () => {
    expect(isPathSecretValid(secret, secret)).toBe(true);
    expect(isPathSecretValid(`${secret}`.slice(0), secret)).toBe(true);
  });

  it.each([
    ['a different secret of the same length', `${secret.slice(0, -1)}G`],
    ['a prefix', secret.slice(0, 10)],
    ['a longer value', `${secret}x`],
    ['an empty value', ''],
  ])('refuses %s', (_name, given) => {
    expect(isPathSecretValid(given, secret)).toBe(false);
  });

  it('refuses a missing value, and everything when no secret is configured', () => {
    expect(isPathSecretValid(undefined, secret)).toBe(false);
    expect(isPathSecretValid(null, secret)).toBe(false);
    expect(isPathSecretValid('', '')).toBe(false);
    expect(isPathSecretValid('anything', '')).toBe(false);
  });
});
