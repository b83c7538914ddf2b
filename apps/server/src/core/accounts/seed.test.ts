import { isValidPhone } from '@kaunti/contract/phone';
import { describe, expect, it } from 'vitest';
import { outcomeForPhone } from '../../../../../tools/mpesa-sim/src/outcomes';
import { DEMO_USERS } from './seed';

describe('demo users', () => {
  it('have valid phones that the M-Pesa simulator pays from (no magic failure ending)', () => {
    for (const user of DEMO_USERS) {
      expect(isValidPhone(user.phoneNumber), user.phoneNumber).toBe(true);
      expect(outcomeForPhone(user.phoneNumber), user.phoneNumber).toBe('success');
    }
  });
});
