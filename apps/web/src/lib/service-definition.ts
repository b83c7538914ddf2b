import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { serviceLoaderOf } from '@kaunti/catalogue/service-loaders';

/**
 * One service's definition: its own file (a chunk of its own, no zod), not the catalogue with
 * every other definition (and zod with its schemas). A service without a loader (one added with
 * `addService`, e.g. a test's fixture) is looked up in the whole catalogue; undefined when there
 * is no such service. The wizard's pages and the applications pages load definitions through it
 * (wrapped in loadChunk, for its time-out and kinds of failure).
 */
export async function loadServiceDefinition(id: string): Promise<ServiceDefinition | undefined> {
  const load = serviceLoaderOf(id);
  if (load) return load();
  const { findService } = await import('@kaunti/catalogue/catalogue');
  return findService(id);
}
