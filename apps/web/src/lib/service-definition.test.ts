import { addService, findService } from '@kaunti/catalogue/catalogue';
import { landSurvey } from '@kaunti/catalogue/services/land/land-survey/definition';
import { describe, expect, it } from 'vitest';
import { loadServiceDefinition } from './service-definition';

describe('loadServiceDefinition', () => {
  it("loads a built-in service's own definition", async () => {
    expect(await loadServiceDefinition('land-survey')).toBe(landSurvey);
    expect(await loadServiceDefinition('seasonal-parking')).toBe(findService('seasonal-parking'));
  });

  it('finds a service added to the catalogue later; none for an unknown id', async () => {
    const added = { ...landSurvey, id: 'added-later', route: '/added-later' };
    const remove = addService(added);
    try {
      expect(await loadServiceDefinition('added-later')).toBe(added);
    } finally {
      remove();
    }
    expect(await loadServiceDefinition('no-such-service')).toBeUndefined();
  });
});
