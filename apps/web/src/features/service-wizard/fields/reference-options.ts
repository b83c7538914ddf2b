import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { findReferenceList, type ReferenceList } from '@kaunti/catalogue/registries/reference-lists';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { api } from '../../../lib/api-client';

export interface Option {
  value: string;
  label: string;
}

/** The call that answers a list for these parameter values; undefined until each has a value. */
export function referenceListRequest(
  list: ReferenceList,
  params: Readonly<Record<string, string>>,
): { path: string; method: 'GET' | 'POST'; body?: Record<string, string> } | undefined {
  const names = Object.keys(list.params ?? {});
  if (names.some((name) => !params[name])) return undefined;
  const [pathname, existing] = list.path.split('?', 2) as [string, string | undefined];
  const query = new URLSearchParams(existing ?? '');
  const body: Record<string, string> = { ...list.body };
  for (const name of names) {
    const where = list.params?.[name];
    if (where === 'body') body[name] = params[name]!;
    else if (where === 'query') query.set(name, params[name]!);
    // A `match` parameter is not sent: it only picks the nested entry of the answer.
  }
  const search = query.toString();
  // A path written with an empty parameter ("?land_service_code=") is sent as written.
  const path = search || existing !== undefined ? `${pathname}?${search}` : pathname;
  return list.method === 'POST' ? { path, method: 'POST', body } : { path, method: 'GET' };
}

function at(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The choices in an answer, read as the list describes (registries/reference-lists.ts). */
export function readOptions(
  list: ReferenceList,
  response: unknown,
  params: Readonly<Record<string, string>>,
): Option[] {
  let items = at(response, list.items);
  if (list.nested && Array.isArray(items)) {
    const { match, param, items: inner } = list.nested;
    const parent = items.find(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        String((item as Record<string, unknown>)[match]) === params[param],
    ) as Record<string, unknown> | undefined;
    items = parent?.[inner] ?? [];
  }
  if (!Array.isArray(items)) return [];
  return items
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ value: String(item[list.value] ?? ''), label: String(item[list.label] ?? '') }))
    .filter((option) => option.value !== '');
}

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
export function useFieldOptions(field: FieldDefinition): OptionsState {
  const source = field.options;
  const list = source && 'list' in source ? findReferenceList(source.list) : undefined;
  const paramFields = source && 'list' in source ? Object.entries(source.params ?? {}) : [];
  const watched = useWatch({ name: paramFields.map(([, fieldName]) => fieldName) }) as unknown[];
  const params: Record<string, string> = {};
  paramFields.forEach(([param], i) => {
    const value = watched[i];
    params[param] = typeof value === 'string' ? value : '';
  });
  const request = list ? referenceListRequest(list, params) : undefined;
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
