import { describe, expect, it } from 'vitest';
import { formatDate } from './display-format';

describe('formatDate', () => {
  it('writes documents dates in English and uses Nairobi time', () => {
    expect(formatDate('2024-12-31T21:30:00Z', 'en')).toBe('1st January 2025');
  });
});
