import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FULLY_MASKED, maskEmail, maskName, maskPhone } from './masking';

describe('maskEmail', () => {
  it.each([
    ['john.doe@gmail.com', 'j*******@*****.com'],
    ['jane@mail.co.ke', 'j***@*******.ke'],
    ['a@b.io', 'a@*.io'],
    ['  Mary.W@Example.org ', 'M*****@*******.org'],
    ['wanjiku+bills@kaunti.go.ke', 'w************@*********.ke'],
  ])('%j is %j', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    '',
    'john',
    'john@',
    '@gmail.com',
    'john@gmail',
    'john@@gmail.com',
    'jo hn@gmail.com',
    'john@gmail..com',
    'john@.com',
    'john@gmail.com.',
  ])('masks the invalid %j fully', (email) => {
    expect(maskEmail(email)).toBe('***');
  });
});

describe('maskPhone', () => {
  it.each([
    ['254712345678', '*********678'],
    ['+254712345678', '*********678'],
    ['0712345678', '*********678'],
    ['712345678', '*********678'],
    ['0110 123 456', '*********456'],
  ])('%j is %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each(['', '12345', '0812345678', 'not a phone'])('masks the invalid %j fully', (phone) => {
    expect(maskPhone(phone)).toBe(FULLY_MASKED);
  });
});

describe('maskName', () => {
  it.each([
    ['John Kamau Otieno', 'J*** K**** O*****'],
    ['Wanjiku', 'W******'],
    ['A', 'A'],
    ['Mary-Jane  Achieng', 'M********  A******'],
    ['Zoë Ñjoki', 'Z** Ñ****'],
    ['', ''],
  ])('%j is %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

const labelArb = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const emailArb = fc.record({
  local: fc.stringMatching(/^[A-Za-z0-9._%+-]{1,20}$/),
  labels: fc.array(labelArb, { minLength: 1, maxLength: 3 }),
  top: fc.stringMatching(/^[a-z]{2,6}$/),
});

describe('masking properties', () => {
  it('a valid e-mail keeps its length, its first character and its last label, and nothing else', () => {
    fc.assert(
      fc.property(emailArb, ({ local, labels, top }) => {
        const email = `${local}@${labels.join('.')}.${top}`;
        const masked = maskEmail(email);
        expect(masked).toHaveLength(email.length);
        expect(masked).toBe(
          `${local[0]}${'*'.repeat(local.length - 1)}@${'*'.repeat(labels.join('.').length)}.${top}`,
        );
      }),
    );
  });

  it('a valid phone keeps the length of its 254 form and shows no digit but the last 3', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '0', '254', '+254'),
        fc.stringMatching(/^[71]\d{8}$/),
        (prefix, local) => {
          const masked = maskPhone(`${prefix}${local}`);
          expect(masked).toHaveLength(`254${local}`.length);
          expect(masked.slice(0, -3)).toMatch(/^\*+$/);
          expect(masked.slice(-3)).toBe(local.slice(-3));
        },
      ),
    );
  });

  it('a name keeps its length and shows only the first character of each word', () => {
    const wordArb = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 10 })
      .filter((w) => !/\s/u.test(w));
    fc.assert(
      fc.property(fc.array(wordArb, { minLength: 1, maxLength: 5 }), (words) => {
        const name = words.join(' ');
        const masked = maskName(name);
        expect(Array.from(masked)).toHaveLength(Array.from(name).length);
        expect(masked).toBe(
          words.map((w) => `${Array.from(w)[0]}${'*'.repeat(Array.from(w).length - 1)}`).join(' '),
        );
      }),
    );
  });

  it('anything that is not a valid e-mail or phone is fully masked', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (value) => {
          expect(maskEmail(value)).toBe('***');
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[71]/.test(s)),
        (value) => {
          expect(maskPhone(value)).toBe('***');
        },
      ),
    );
  });
});
