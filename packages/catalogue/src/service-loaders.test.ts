import { describe, expect, it } from 'vitest';
import { addService, services } from './catalogue';
import { serviceLoaderOf } from './service-loaders';

describe('serviceLoaderOf', () => {
  it('loads each built-in service from its own file, named by its id: the very definition the catalogue lists', async () => {
    for (const service of services) {
      const load = serviceLoaderOf(service.id);
      expect(load, `services/<area>/${service.id}.ts`).toBeDefined();
      expect(await load?.()).toBe(service);
    }
  });

  it('has no loader for an unknown id, a shared file, nor a service added later (the catalogue has it)', () => {
    expect(serviceLoaderOf('no-such-service')).toBeUndefined();
    expect(serviceLoaderOf('toString')).toBeUndefined();
    expect(serviceLoaderOf('shared-fields')).toBeUndefined();
    const [first] = services;
    const remove = addService({ ...first!, id: 'added-later', route: '/added-later' });
    try {
      expect(serviceLoaderOf('added-later')).toBeUndefined();
    } finally {
      remove();
    }
  });
});
