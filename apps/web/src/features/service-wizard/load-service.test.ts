import { addService, findService } from '@kaunti/catalogue/catalogue';
import { landSurvey } from '@kaunti/catalogue/services/land/land-survey';
import { describe, expect, it } from 'vitest';
import { loadService } from './load-service';

describe('loadService', () => {
  it("loads a built-in service's own definition", async () => {
    expect(await loadService('land-survey')).toBe(landSurvey);
    expect(await loadService('seasonal-parking')).toBe(findService('seasonal-parking'));
  });

  it('finds a service added to the catalogue later; none for an unknown id', async () => {
    const added = { ...landSurvey, id: 'added-later', route: '/added-later' };
    const remove = addService(added);
    try {
      expect(await loadService('added-later')).toBe(added);
    } finally {
      remove();
    }
    expect(await loadService('no-such-service')).toBeUndefined();
  });
});
