import type { ScreenWords, UssdLanguage } from './screens';

/**
 * What the USSD menu says, in English and Kiswahili (each screen at most 182 characters: the
 * tests walk every one in both languages). Kept beside the menu rather than in the web's locale
 * files: the server never imports the web app, and these are short-screen wordings of their own.
 */
const TEXTS = {
  en: {
    more: 'More',
    back: 'Back',
    home: 'Main menu',
    wrongChoice: 'Wrong choice, try again.',
    chooseLanguage: 'Welcome to {county}',
    mainTitle: '{county}',
    language: 'Lugha/Language',
    payBill: 'Pay a bill',
    verify: 'Verify a document',
    checkPermit: 'Check a business permit',
    myBills: 'My bills',
    myAccount: 'My account',
    myAccountTitle: 'Your account',
    enterBillNo: 'Enter the bill number',
    billNotFound: 'No open bill has that number. Check it and try again.',
    billPaid: 'That bill is already paid.',
    billLine: '{description}\nKES {amount} due',
    payNow: 'Pay KES {amount} now',
    promptSent: 'Check your phone and enter your M-Pesa PIN to pay KES {amount} for {what}.',
    paymentRefused: 'We could not send the M-Pesa prompt: {reason}',
    paymentBusy: 'We could not send the M-Pesa prompt now. Please try again in a few minutes.',
    enterShortCode: 'Enter the code printed under the QR code',
    enterPermitNo: 'Enter the business permit number',
    permitValid: 'Permit {number} is valid.',
    permitInvalid: 'Permit {number} is not valid: it was not issued, or it was revoked or has expired.',
    verified: {
      valid: 'Document {number} is valid. Holder: {holder}.',
      revoked: 'Document {number} was REVOKED. Do not accept it.',
      expired: 'Document {number} has EXPIRED.',
      not_found: 'No document has that code. Check it and try again.',
      mistyped: 'That code is mistyped: check its letters and try again.',
      tampered: 'That code is not one of ours.',
      unknown: 'No document has that code. Check it and try again.',
    },
    noAccount: 'No account uses this phone number. Register at the county portal to see your bills here.',
    noBills: 'You have no unpaid bills.',
    myBillsTitle: 'Your unpaid bills',
    billChoice: '{bill_no} KES {amount}',
    confirm: '{what}\nKES {amount}',
    paid: 'Already paid today: {what}.',
    enterField: 'Enter the {label}',
    chooseField: 'Choose the {label}',
  },
  sw: {
    more: 'Zaidi',
    back: 'Rudi',
    home: 'Menyu kuu',
    wrongChoice: 'Chaguo si sahihi, jaribu tena.',
    chooseLanguage: 'Karibu {county}',
    mainTitle: '{county}',
    language: 'Lugha/Language',
    payBill: 'Lipa bili',
    verify: 'Thibitisha hati',
    checkPermit: 'Kibali cha biashara',
    myBills: 'Bili zangu',
    myAccount: 'Akaunti yangu',
    myAccountTitle: 'Akaunti yako',
    enterBillNo: 'Weka nambari ya bili',
    billNotFound: 'Hakuna bili wazi yenye nambari hiyo. Iangalie ujaribu tena.',
    billPaid: 'Bili hiyo imeshalipwa.',
    billLine: '{description}\nKES {amount} zinadaiwa',
    payNow: 'Lipa KES {amount} sasa',
    promptSent: 'Angalia simu yako na uweke PIN yako ya M-Pesa kulipa KES {amount} kwa {what}.',
    paymentRefused: 'Hatukuweza kutuma ombi la M-Pesa: {reason}',
    paymentBusy: 'Hatukuweza kutuma ombi la M-Pesa sasa. Tafadhali jaribu tena baada ya dakika chache.',
    enterShortCode: 'Weka msimbo ulio chini ya msimbo wa QR',
    enterPermitNo: 'Weka nambari ya kibali cha biashara',
    permitValid: 'Kibali {number} ni halali.',
    permitInvalid: 'Kibali {number} si halali: hakikutolewa, kimebatilishwa au muda wake umeisha.',
    verified: {
      valid: 'Hati {number} ni halali. Mmiliki: {holder}.',
      revoked: 'Hati {number} IMEBATILISHWA. Usiikubali.',
      expired: 'Muda wa hati {number} UMEISHA.',
      not_found: 'Hakuna hati yenye msimbo huo. Uangalie ujaribu tena.',
      mistyped: 'Msimbo huo umekosewa: angalia herufi zake ujaribu tena.',
      tampered: 'Msimbo huo si wetu.',
      unknown: 'Hakuna hati yenye msimbo huo. Uangalie ujaribu tena.',
    },
    noAccount:
      'Hakuna akaunti inayotumia nambari hii. Jisajili kwenye tovuti ya kaunti kuona bili zako hapa.',
    noBills: 'Huna bili ambazo hazijalipwa.',
    myBillsTitle: 'Bili zako ambazo hazijalipwa',
    billChoice: '{bill_no} KES {amount}',
    confirm: '{what}\nKES {amount}',
    paid: 'Imeshalipwa leo: {what}.',
    enterField: 'Weka {label}',
    chooseField: 'Chagua {label}',
  },
} as const;

type Texts = (typeof TEXTS)['en'];
type Key = { [K in keyof Texts]: Texts[K] extends string ? K : never }[keyof Texts];

/** A text with its `{name}`s filled in. */
export function say(language: UssdLanguage, key: Key, values: Record<string, string> = {}): string {
  return fill(TEXTS[language][key], values);
}

/** E-Verify's answer to a short code, as a screen says it. */
export function sayVerified(
  language: UssdLanguage,
  status: keyof Texts['verified'],
  values: Record<string, string>,
): string {
  return fill(TEXTS[language].verified[status], values);
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function screenWords(language: UssdLanguage): ScreenWords {
  const t = TEXTS[language];
  return { more: t.more, back: t.back, home: t.home, wrongChoice: t.wrongChoice };
}

/** KES with thousands separators, from cents (a screen shows whole shillings where it can). */
export function shillings(cents: number): string {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString('en-KE', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}
