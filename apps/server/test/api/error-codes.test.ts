/**
 * The error codes the server answers are the documented enum, and each 409 says which case it is
 * (decision 038): read from the source, so a new refusal cannot slip in under a general code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ERROR_CODES } from '@kaunti/contract/errors';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const known = new Set(Object.keys(ERROR_CODES));

describe('error codes in the code', () => {
  it('every code an error is made with is in the ErrorCode enum', () => {
    const unknown: string[] = [];
    for (const { path, text } of files)
      for (const match of text.matchAll(
        /new AppError\(\s*\d{3},\s*'([a-z_]+)'|\b(?:conflict|badRequest)\([^;]*?,\s*'([a-z_]+)',?\s*\);/g,
      )) {
        const code = match[1] ?? match[2] ?? '';
        if (!known.has(code)) unknown.push(`${path}: ${code}`);
      }
    expect(unknown).toEqual([]);
  });

  it('no 409 answers the general `conflict` code: each names its case', () => {
    const general = files
      .filter(({ path }) => path !== join('platform', 'errors.ts'))
      .flatMap(({ path, text }) =>
        [...text.matchAll(/'conflict'/g)].map((m) => `${path}:${text.slice(0, m.index).split('\n').length}`),
      );
    expect(general).toEqual([]);
  });

  it('a 400 without details names its case: `bad_request` only where no program acts on it', () => {
    // The password reset's refusal (vague on purpose) and internal checks no route reaches.
    const allowed = new Set([
      join('core', 'accounts', 'auth-service.ts'),
      join('core', 'documents', 'document-service.ts'),
      join('core', 'documents', 'invoice-documents.ts'),
    ]);
    const general = files.flatMap(({ path, text }) =>
      [...text.matchAll(/\bbadRequest\([^;]*?,\s*'bad_request',?\s*\);/g)]
        .filter(() => !allowed.has(path))
        .map((m) => `${path}:${text.slice(0, m.index).split('\n').length}`),
    );
    expect(general).toEqual([]);
  });

  it('every listed code is answered somewhere (none is left over), but `conflict`, kept for older clients', () => {
    const all = files.map((f) => f.text).join('\n');
    const unused = [...known].filter((code) => code !== 'conflict' && !all.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});
