import type { ComponentType } from 'react';
import { loadChunk } from './chunk-loader';

/**
 * A route's `lazy` that fetches the page's code with the 120-second time-out; a failure reaches
 * the route's error element as a ChunkLoadError (missing, timeout or other).
 */
export function lazyPage<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const module = await loadChunk(importer);
    return { Component: pick(module) };
  };
}
