import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { serviceLoaderOf } from '@kaunti/catalogue/service-loaders';
import { useQueries, useQuery } from '@tanstack/react-query';
import { loadChunk } from '../../lib/chunk-loader';

/**
 * A service's definition (its steps and fields), null when there is no such service: its own
 * file, zod-free and small (the catalogue's service-loaders), not the whole catalogue, which
 * loads zod with its schemas. A service without a loader (one added with `addService`) is looked
 * up in the catalogue. Through loadChunk: its time-out, its kinds of failure.
 */
async function loadDefinition(id: string): Promise<ServiceDefinition | null> {
  const load = serviceLoaderOf(id);
  if (load) return loadChunk(load);
  const { findService } = await loadChunk(() => import('@kaunti/catalogue/catalogue'));
  return findService(id) ?? null;
}

const definitionQuery = (id: string) => ({
  queryKey: ['service-definition', id],
  queryFn: () => loadDefinition(id),
  // A definition is part of the app's code: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** One service's definition (null: no such service). */
export function useServiceDefinition(id: string) {
  return useQuery(definitionQuery(id));
}

/**
 * The definitions of these services, by id (a failed or unknown one is missing), and whether
 * some are still on their way.
 */
export function useServiceDefinitions(ids: readonly string[]): {
  definitions: ReadonlyMap<string, ServiceDefinition>;
  pending: boolean;
} {
  return useQueries({
    queries: [...new Set(ids)].map(definitionQuery),
    combine: (results) => ({
      definitions: new Map(
        results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])),
      ),
      pending: results.some((result) => result.isPending),
    }),
  });
}
