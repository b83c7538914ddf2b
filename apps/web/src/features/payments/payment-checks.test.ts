import { describe, expect, it } from 'vitest';
import { testBill } from '../../testing/fixtures';
import { type PaymentFormValues, paymentProblems } from './payment-page';

/** KES 1,050.50: at most 1,051 whole shillings. */
const bill = testBill({ bill_no: 'NCCB40213378', total_cents: 105_050, balance_cents: 105_050 });
const byNo = new Map([[bill.bill_no, bill]]);
const form = (values: Partial<PaymentFormValues> = {}): PaymentFormValues => ({
  choice: bill.bill_no,
  other_bill_no: '',
  phone_number: '0712345678',
  amount: '1051',
  ...values,
});

describe('paymentProblems (the payment form, checked on submit)', () => {
  it('passes a complete form: the balance rounded up, thousands separators, a phone in any form', () => {
    expect(paymentProblems(form(), byNo)).toEqual({});
    expect(paymentProblems(form({ amount: ' 1,000 ', phone_number: '+254 712-345-678' }), byNo)).toEqual({});
    expect(paymentProblems(form({ choice: '__other__', other_bill_no: 'NCCB1', amount: '' }), byNo)).toEqual(
      {},
    );
  });

  it('says what is wrong with each field', () => {
    expect(paymentProblems(form({ choice: '', amount: '' }), byNo)).toEqual({
      choice: 'errors.chooseBill',
      amount: 'errors.amountRequired',
    });
    expect(paymentProblems(form({ choice: '__other__', other_bill_no: '  ' }), byNo)).toEqual({
      other_bill_no: 'errors.billRequired',
    });
    expect(paymentProblems(form({ phone_number: '0812345678' }), byNo)).toEqual({
      phone_number: 'errors.phone',
    });
    for (const amount of ['10.5', '0', '-3', 'ten'])
      expect(paymentProblems(form({ amount }), byNo)).toEqual({ amount: 'errors.amountWhole' });
    expect(paymentProblems(form({ amount: '1052' }), byNo)).toEqual({ amount: 'errors.amountTooHigh' });
    // A typed bill number's balance is not known here: the server checks the amount.
    expect(paymentProblems(form({ choice: '__other__', other_bill_no: 'X', amount: '99999' }), byNo)).toEqual(
      {},
    );
  });
});
