import type { Plugin } from 'esbuild';

/** The files a call names, as Vite keys them ("./services/land/land-survey/definition.ts"). */
export function expandGlob(patterns: string[], directory: string): string[];
/** The source with every `import.meta.glob` call replaced by its imports; undefined when it has none. */
export function transformGlobs(source: string, file: string): string | undefined;
/** The esbuild plugin that stands in for Vite's `import.meta.glob` in the catalogue's files. */
export function importMetaGlob(): Plugin;
