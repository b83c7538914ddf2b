import { addService, findService } from '@kaunti/catalogue/catalogue';
import { landSurvey } from '@kaunti/catalogue/services/land/land-survey/definition';
import { describe, expect, it } from 'vitest';
import { loadServiceDefinition } from './service-definition';

describe('loadServiceDefinition', () => {
  it("loads a built-in service's own definition", async () => {
    // Its folder's definition, with the folder's texts.
    const loaded = await loadServiceDefinition('land-survey');
    expect(loaded).toMatchObject(landSurvey);
    expect(loaded?.texts?.sw?.title).toBe('Upimaji wa Ardhi');
    const { document: _none, ...seasonal } = findService('seasonal-parking')!;
    expect(await loadServiceDefinition('seasonal-parking')).toEqual(seasonal);
  });

  it('finds a service added to the catalogue later; none for an unknown id', async () => {
    const added = { ...landSurvey, id: 'added-later', route: '/added-later' };
    const remove = addService(added);
    try {
      expect(await loadServiceDefinition('added-later')).toEqual(added);
    } finally {
      remove();
    }
    expect(await loadServiceDefinition('no-such-service')).toBeUndefined();
  });
});
