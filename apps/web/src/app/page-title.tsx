import { useEffect } from 'react';
import { useCounty } from '../lib/county';
import { useTranslation } from '../lib/translator';
import { useRouteHandle } from './route-handle';

/** The portal suffix of every title; the county's portal name once known. */
export const DEFAULT_PORTAL_NAME = 'County e-Services';

/** Builds a page title: the route title plus the portal suffix, or the portal name alone. */
export function pageTitle(routeTitle: string | undefined, portalName: string): string {
  return routeTitle ? `${routeTitle} | ${portalName}` : portalName;
}

/** Keeps document.title in step with the route and the language. */
export function PageTitle({ override }: { override?: string }) {
  const { title, titleDefault } = useRouteHandle();
  const { t } = useTranslation();
  const portalName = useCounty()?.portal_name ?? DEFAULT_PORTAL_NAME;
  const routeTitle = override ?? (title ? t(title, { defaultValue: titleDefault }) : undefined);
  useEffect(() => {
    document.title = pageTitle(routeTitle, portalName);
  }, [routeTitle, portalName]);
  return null;
}
