import { describe, expect, it } from 'vitest';
import { formatClock, PROMPT_SECONDS } from './payment-progress';

describe('formatClock: the prompt countdown reads as a clock', () => {
  it.each([
    [PROMPT_SECONDS, '1:00'],
    [59, '0:59'],
    [5, '0:05'],
    [0, '0:00'],
    [125, '2:05'],
  ])('%i seconds → %s', (seconds, clock) => {
    expect(formatClock(seconds)).toBe(clock);
  });
});
