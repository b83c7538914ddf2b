/**
 * The portal runs without a service worker (spec). A worker left behind by an older version of
 * the site would serve stale pages, so every registration is removed at start-up.
 */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<number> {
  if (!container?.getRegistrations) return 0;
  const registrations = await container.getRegistrations();
  const results = await Promise.all(registrations.map((registration) => registration.unregister()));
  return results.filter(Boolean).length;
}
