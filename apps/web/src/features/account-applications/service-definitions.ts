import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { useQueries, useQuery } from '@tanstack/react-query';
import { loadChunk } from '../../lib/chunk-loader';
import { loadServiceDefinition } from '../../lib/service-definition';

const definitionQuery = (id: string) => ({
  queryKey: ['service-definition', id],
  // Null, not undefined, for no such service: a query's data cannot be undefined.
  queryFn: async () => (await loadChunk(() => loadServiceDefinition(id))) ?? null,
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
