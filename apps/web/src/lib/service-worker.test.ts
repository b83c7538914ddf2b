import { describe, expect, it, vi } from 'vitest';
import { unregisterServiceWorkers } from './service-worker';

describe('unregisterServiceWorkers', () => {
  it('unregisters every registration it finds', async () => {
    const a = { unregister: vi.fn(async () => true) };
    const b = { unregister: vi.fn(async () => true) };
    const container = { getRegistrations: async () => [a, b] } as unknown as ServiceWorkerContainer;
    await expect(unregisterServiceWorkers(container)).resolves.toBe(2);
    expect(a.unregister).toHaveBeenCalledOnce();
    expect(b.unregister).toHaveBeenCalledOnce();
  });

  it('does nothing where the browser has no service workers', async () => {
    await expect(unregisterServiceWorkers(undefined)).resolves.toBe(0);
  });
});
