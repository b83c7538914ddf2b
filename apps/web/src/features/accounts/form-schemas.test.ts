import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, signupFormSchema } from './form-schemas';

const signup = {
  first_name: 'Achieng',
  sur_name: 'Otieno',
  identifier: '12345678',
  phone_number: '0712345678',
  email: 'achieng@example.co.ke',
  password: 'Nyumba#Kumi2024',
};

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the web forms add a password confirmation', () => {
  it('empty: "Please type the password again"', () => {
    expect(issues(signupFormSchema.safeParse({ ...signup, confirm_password: '' }))).toEqual([
      ['confirm_password', 'Please type the password again'],
    ]);
  });

  it('different: "The passwords do not match"', () => {
    expect(issues(signupFormSchema.safeParse({ ...signup, confirm_password: 'Nyumba#Kumi2025' }))).toEqual([
      ['confirm_password', 'The passwords do not match'],
    ]);
    expect(
      issues(
        changePasswordFormSchema.safeParse({
          current_password: 'x',
          new_password: 'Mpya#Siri2025',
          confirm_password: 'Mpya#Siri2026',
        }),
      ),
    ).toEqual([['confirm_password', 'The passwords do not match']]);
  });

  it("the same: the shared schema's output, phone normalised", () => {
    const result = signupFormSchema.safeParse({ ...signup, confirm_password: signup.password });
    expect(result.success).toBe(true);
    expect(result.data?.phone_number).toBe('254712345678');
  });
});
