// The portal's entry point. The process's own settings come first (platform/db/embedded-memory.ts):
// the npm packages a module imports are loaded before any of its code runs, so the portal itself
// (serve.ts) is imported only once they are made.
import './platform/db/embedded-memory';

await import('./serve');
