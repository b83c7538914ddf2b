import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serviceAreaSchema } from '@kaunti/catalogue/definition';
import { describe, expect, it } from 'vitest';

/**
 * Every text a user reads lives in the locale files, in both languages. These tests fail when a
 * key exists in English and not in Kiswahili (or is empty there), when Kiswahili has a key that
 * English neither has nor takes from its default value, or when a component writes
 * user-visible English straight into its markup.
 */
const here = import.meta.dirname;
const src = join(here, '..');

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}
const read = (language: string, file: string): Map<string, string> =>
  leaves(JSON.parse(readFileSync(join(here, language, file), 'utf8')) as Tree);

/**
 * Where English shows the source's own words (the server's message, the catalogue's label) as
 * the default value, so only Kiswahili needs a key: the messages namespace, and the catalogue
 * texts of an area, of the applications list, or of the catalogue's menus and titles (common).
 */
const ENGLISH_BY_DEFAULT = [
  /^messages\.json:/,
  // Each service area's namespace: its definitions' texts.
  new RegExp(`^(${serviceAreaSchema.options.join('|')})\\.json:(fields|services|messages|steps|lists)\\.`),
  /^applications\.json:services\./,
  /^common\.json:services\./,
];

describe('locale files', () => {
  const files = readdirSync(join(here, 'en')).filter((f) => f.endsWith('.json'));

  it('have the same files in both languages', () => {
    expect(
      readdirSync(join(here, 'sw'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  it.each(files)('%s: every English key is translated into Kiswahili (not empty)', (file) => {
    const en = read('en', file);
    const sw = read('sw', file);
    const missing = [...en.keys()].filter((key) => !sw.has(key) || sw.get(key)!.trim() === '');
    expect(missing).toEqual([]);
  });

  it.each(files)('%s: Kiswahili has no key English lacks (outside the English-by-default texts)', (file) => {
    const en = read('en', file);
    const extra = [...read('sw', file).keys()].filter(
      (key) => !en.has(key) && !ENGLISH_BY_DEFAULT.some((rule) => rule.test(`${file}:${key}`)),
    );
    expect(extra).toEqual([]);
  });
});

describe('components', () => {
  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
      return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
    });
  }

  it('write no user-visible English in their markup: texts come from the locale files', () => {
    // Text between a tag's end and the next tag, made of words (not code: no "=>" before it),
    // or a literal aria-label / placeholder / title / alt.
    const textNode = /(?<![=-])>\s*([A-Za-z][A-Za-z ,.'!?:-]{2,}?)\s*</g;
    const attribute = /\b(aria-label|placeholder|title|alt)="([A-Za-z][^"]{2,})"/g;
    const found: string[] = [];
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(textNode)) found.push(`${relative(src, file)}: "${match[1]}"`);
      for (const match of text.matchAll(attribute))
        found.push(`${relative(src, file)}: ${match[1]}="${match[2]}"`);
    }
    expect(found).toEqual([]);
  });
});
