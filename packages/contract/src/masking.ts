import { isValidPhone, normalisePhone } from './phone-number';

/** What an invalid value is masked to. */
export const FULLY_MASKED = '***';

/** One `*` per character (Unicode code point) of the text. */
function stars(text: string): string {
  return '*'.repeat(Array.from(text).length);
}

/** A simple e-mail shape: one `@`, no whitespace, a local part, and a domain of 2+ non-empty dot-separated labels. */
const EMAIL = /^([^\s@]+)@([^\s@.]+(?:\.[^\s@.]+)*)\.([^\s@.]+)$/;

/**
 * Masks an e-mail address, keeping only the first character of the local part and the last domain label:
 * `john.doe@gmail.com` → `j*******@*****.com`, `jane@mail.co.ke` → `j***@*******.ke` (the dots before the
 * last label are hidden too). One `*` per hidden character, so the length is kept. Surrounding spaces are
 * trimmed. An invalid address gives `***`.
 */
export function maskEmail(email: string): string {
  const match = EMAIL.exec(email.trim());
  if (match === null) return FULLY_MASKED;
  const [, local = '', domainHead = '', topLabel = ''] = match;
  const [first = '', ...rest] = Array.from(local);
  return `${first}${stars(rest.join(''))}@${stars(domainHead)}.${topLabel}`;
}

/**
 * Masks a Kenyan mobile number written in any accepted form (see `phone.ts`), keeping only the last 3 digits
 * of its `254` form: `0712345678` → `*********678`. An invalid number gives `***`.
 */
export function maskPhone(phone: string): string {
  if (!isValidPhone(phone)) return FULLY_MASKED;
  const normalised = normalisePhone(phone);
  return `${'*'.repeat(normalised.length - 3)}${normalised.slice(-3)}`;
}

/**
 * Masks a person's or business's name: each word (a run of non-whitespace) keeps its first character and the
 * rest become `*`; whitespace is kept as it is: `John Kamau Otieno` → `J*** K**** O*****`.
 */
export function maskName(name: string): string {
  return name.replace(/\S+/gu, (word) => {
    const [first = '', ...rest] = Array.from(word);
    return `${first}${'*'.repeat(rest.length)}`;
  });
}
