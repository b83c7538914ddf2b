import { describe, expect, it } from 'vitest';
import { addService, services } from './catalogue';
import { serviceLoaderOf } from './service-loaders';

describe('serviceLoaderOf', () => {
  it('loads each built-in service from its own folder, named by its id: the service the catalogue lists, texts and all', async () => {
    for (const service of services) {
      const load = serviceLoaderOf(service.id);
      expect(load, `services/<area>/${service.id}/`).toBeDefined();
      // The wizard has no use for the document template: the rest is the catalogue's service.
      const { document: _document, ...drawn } = service;
      expect(await load?.()).toEqual(drawn);
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
