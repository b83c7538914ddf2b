import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which methods a path answers, from the routes as they are added (`onRoute`), so that a method
 * a route does not have is a 405 with `Allow` — not a 404 that reads as "no such address".
 * Register before any route.
 */
export function trackAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const source = route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}

/** Answers 405 with `Allow` when the path exists under other methods; false otherwise. */
export function answerMethodNotAllowed(
  allowedMethods: (path: string) => string[],
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = allowedMethods(path);
  if (allowed.length === 0 || allowed.includes(request.method)) return false;
  void reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ message: 'This method is not allowed here.', code: 'method_not_allowed' });
  return true;
}
