import type { RouteObject } from 'react-router';

export interface RouteEntry {
  /** The full path pattern, the parents' segments joined ("/account/bills"). */
  path: string;
  route: RouteObject;
  /** The routes above it, outermost first (pathless layout routes included). */
  ancestors: RouteObject[];
}

/** Tests only: every route of a route table that has a path, with its full path and its ancestors. */
export function routeEntries(list: RouteObject[], parent = '', ancestors: RouteObject[] = []): RouteEntry[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const self = route.path ? [{ path, route, ancestors }] : [];
    return [...self, ...routeEntries(route.children ?? [], path, [...ancestors, route])];
  });
}
