import { describe, expect, it } from 'vitest';
import { serviceSummarySchema } from './definition';

describe('serviceSummarySchema', () => {
  it('accepts a service summary with a spec route', () => {
    const parsed = serviceSummarySchema.parse({
      id: 'land-transfer',
      route: '/land-transfer',
      area: 'land',
      title: 'Land Owner Amendment',
      description: 'Conduct a Land Owner Amendment.',
    });
    expect(parsed.route).toBe('/land-transfer');
  });

  it('refuses a route that does not start with a slash, naming the problem', () => {
    const result = serviceSummarySchema.safeParse({
      id: 'land-transfer',
      route: 'land-transfer',
      area: 'land',
      title: 'x',
      description: 'y',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A route starts with / and is lower case');
  });
});
