import type { County } from '@kaunti/contract/api-county';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The server writes the county's configuration into index.html
 * (`<script type="application/json" id="kaunti-bootstrap">`), so the header, footer and titles
 * need no extra request on a slow link. The Vite dev server has no such block: then it is fetched.
 */
export function readBootstrapCounty(): County | undefined {
  // On the server (a page rendered there) the county is in the query cache already.
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById('kaunti-bootstrap');
  if (!element?.textContent) return undefined;
  try {
    return (JSON.parse(element.textContent) as { county: County }).county;
  } catch {
    return undefined;
  }
}

export function useCounty(): County | undefined {
  const initial = readBootstrapCounty();
  const { data } = useQuery({
    queryKey: ['county'],
    queryFn: () => api<County>('/api/county'),
    staleTime: Number.POSITIVE_INFINITY,
    ...(initial ? { initialData: initial } : {}),
  });
  return data;
}

/** A county phone number as a tel: link target (digits and "+" only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
