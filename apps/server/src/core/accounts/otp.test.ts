import { describe, expect, it } from 'vitest';
import { customerNoPrefix } from './auth-service';
import { generateOtp, otpSmsText } from './otp';

describe('one-time codes', () => {
  it('are always 6 digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 5000 draws from a million: nearly all distinct, and every first digit shows up.
    expect(new Set(codes).size).toBeGreaterThan(4950);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('the SMS says whose code it is, how long it lasts, and not to share it', () => {
    expect(otpSmsText('Nairobi City County e-Services', 'login', '012345')).toBe(
      'Your Nairobi City County e-Services code is 012345. It expires in 10 minutes. Do not share it.',
    );
    expect(otpSmsText('Nairobi City County e-Services', 'password_reset', '999999')).toBe(
      'Your Nairobi City County e-Services password reset code is 999999. It expires in 10 minutes. Do not share it.',
    );
  });
});

describe('customer numbers', () => {
  it("take the county name's initials as prefix", () => {
    expect(customerNoPrefix('Nairobi City County')).toBe('NCC');
    expect(customerNoPrefix("Murang'a County")).toBe('MC');
    expect(customerNoPrefix('')).toBe('CUS');
  });
});
