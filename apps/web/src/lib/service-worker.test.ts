import { afterEach, describe, expect, it, vi } from 'vitest';
import { readServiceWorkerSwitch, startServiceWorker, unregisterServiceWorkers } from './service-worker';

function fakeContainer(registrations = [{ unregister: vi.fn(async () => true) }]) {
  return {
    register: vi.fn(async () => ({})),
    getRegistrations: vi.fn(async () => registrations),
  } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
}

function fakeCaches(names: string[]) {
  const left = new Set(names);
  return {
    keys: async () => [...left],
    delete: vi.fn(async (name: string) => left.delete(name)),
    left,
  } as unknown as CacheStorage & { left: Set<string> };
}

afterEach(() => document.getElementById('kaunti-bootstrap')?.remove());

describe('startServiceWorker', () => {
  it('registers /sw.js for the whole site, never from the HTTP cache, when the server says so', async () => {
    const container = fakeContainer();
    await expect(startServiceWorker(true, container, fakeCaches([]))).resolves.toBe('registered');
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it("the kill switch removes every registration and the portal's caches, and nobody else's", async () => {
    const registration = { unregister: vi.fn(async () => true) };
    const container = fakeContainer([registration]);
    const storage = fakeCaches(['kaunti-pages', 'kaunti-assets', 'kaunti-static-abc', 'other-site']);
    await expect(startServiceWorker(false, container, storage)).resolves.toBe('removed');
    expect(registration.unregister).toHaveBeenCalledOnce();
    expect(container.register).not.toHaveBeenCalled();
    expect([...storage.left]).toEqual(['other-site']);
  });

  it('does nothing where the browser has no service workers', async () => {
    await expect(startServiceWorker(true, undefined, undefined)).resolves.toBe('unsupported');
    await expect(unregisterServiceWorkers(undefined)).resolves.toBe(0);
  });
});

describe('readServiceWorkerSwitch', () => {
  const bootstrap = (json: string) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'kaunti-bootstrap';
    element.textContent = json;
    document.head.append(element);
  };

  it("reads the server's switch from the page's bootstrap block", () => {
    bootstrap('{"county":{},"service_worker":true}');
    expect(readServiceWorkerSwitch()).toBe(true);
  });

  it('is off when the server says off, or says nothing (the dev server)', () => {
    expect(readServiceWorkerSwitch()).toBe(false);
    bootstrap('{"county":{},"service_worker":false}');
    expect(readServiceWorkerSwitch()).toBe(false);
  });
});
