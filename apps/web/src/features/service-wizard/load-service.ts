import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { serviceLoaderOf } from '@kaunti/catalogue/service-loaders';

/**
 * The definition of the one service a wizard page shows: its own file (a chunk of its own, no
 * zod), not the catalogue with every other definition. A service without a loader (one added with
 * `addService`, e.g. a test's fixture) is looked up in the whole catalogue; undefined when there
 * is no such service.
 */
export async function loadService(id: string): Promise<ServiceDefinition | undefined> {
  const load = serviceLoaderOf(id);
  if (load) return load();
  const { findService } = await import('@kaunti/catalogue/catalogue');
  return findService(id);
}
