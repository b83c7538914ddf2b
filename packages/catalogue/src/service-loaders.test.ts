import { describe, expect, it } from 'vitest';
import { addService, services } from './catalogue';
import { serviceLoaderOf, serviceLoaders } from './service-loaders';

describe('serviceLoaders', () => {
  it('loads each built-in service on its own: the very definition the catalogue lists', async () => {
    expect(Object.keys(serviceLoaders).sort()).toEqual(services.map((s) => s.id).sort());
    for (const service of services) expect(await serviceLoaderOf(service.id)?.()).toBe(service);
  });

  it('has no loader for an unknown id, nor for a service added later (the catalogue has it)', () => {
    expect(serviceLoaderOf('no-such-service')).toBeUndefined();
    expect(serviceLoaderOf('toString')).toBeUndefined();
    const [first] = services;
    const remove = addService({ ...first!, id: 'added-later', route: '/added-later' });
    try {
      expect(serviceLoaderOf('added-later')).toBeUndefined();
    } finally {
      remove();
    }
  });
});
