import type { FieldDefinition } from '@kaunti/catalogue/definition';
import {
  findReferenceList,
  type ReferenceOption as Option,
  readOptions,
  referenceListRequest,
} from '@kaunti/catalogue/registries/reference-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useWatch } from '../../../lib/form';

export type { Option };

export type OptionsState =
  | { status: 'static'; options: Option[] }
  | { status: 'waiting'; options: []; waitingFor: string[] }
  | { status: 'loading'; options: Option[] }
  | { status: 'error'; options: []; error: Error; retry: () => void }
  | { status: 'ready'; options: Option[]; list: string };

/**
 * The choices of a select field: its static options, or a reference list fetched from the API
 * (cached per list and parameter values). A dependent list (the wards of a sub-county) waits
 * for the fields it depends on.
 */
export function useFieldOptions(field: FieldDefinition, search = ''): OptionsState {
  const source = field.options;
  const list = source && 'list' in source ? findReferenceList(source.list) : undefined;
  const paramFields = source && 'list' in source ? Object.entries(source.params ?? {}) : [];
  const watched = useWatch({ name: paramFields.map(([, fieldName]) => fieldName) }) as unknown[];
  const params: Record<string, string> = {};
  paramFields.forEach(([param], i) => {
    const value = watched[i];
    params[param] = typeof value === 'string' ? value : '';
  });
  const request = list ? referenceListRequest(list, params, search) : undefined;
  const query = useQuery({
    // Keyed by the call, not the list: the wards of every sub-county come from one answer.
    queryKey: ['reference-list', request?.method, request?.path, request?.body],
    queryFn: ({ signal }) =>
      api<unknown>(request!.path, {
        method: request!.method,
        ...(request!.body ? { body: request!.body } : {}),
        signal,
      }),
    enabled: request !== undefined,
    staleTime: 10 * 60_000,
    // A searchable list keeps showing the last answer while the next one loads.
    placeholderData: list?.search ? (previous) => previous : undefined,
  });

  if (source && 'static' in source) {
    return { status: 'static', options: source.static.map((o) => ({ value: o.value, label: o.label })) };
  }
  if (!list) return { status: 'static', options: [] };
  if (!request) {
    return {
      status: 'waiting',
      options: [],
      waitingFor: paramFields.filter(([param]) => !params[param]).map(([, fieldName]) => fieldName),
    };
  }
  if (query.isError)
    return { status: 'error', options: [], error: query.error, retry: () => void query.refetch() };
  if (query.data === undefined) return { status: 'loading', options: [] };
  return { status: 'ready', options: readOptions(list, query.data, params), list: list.name };
}
