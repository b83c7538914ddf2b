// `import.meta.glob` for esbuild: the catalogue finds its services by their folders with Vite's
// `import.meta.glob` (decision 020). Vite (the web build, Vitest) understands it natively; the
// builds that bundle the catalogue with esbuild instead (the server, the web's catalogue index, the
// development API) turn each call into the imports it stands for with this plugin, at build time,
// as Vite does. Only the forms the catalogue uses are understood: a pattern or an array of patterns
// (a leading `!` excludes), and the options `eager` and `import` — anything else stops the build.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { globSync } from 'tinyglobby';

const STRING = /'([^']*)'|"([^"]*)"/g;

/** The patterns of one call's first argument. */
function patternsOf(argument) {
  return [...argument.matchAll(STRING)].map((m) => m[1] ?? m[2]);
}

/** The options of one call: only `eager: true|false` and `import: '<name>'` are understood. */
function optionsOf(text, file) {
  if (!text) return { eager: false, name: undefined };
  const rest = text
    .replace(/eager\s*:\s*(true|false)/, '')
    .replace(/import\s*:\s*('[^']*'|"[^"]*")/, '')
    .replace(/[{},\s]/g, '');
  if (rest !== '') throw new Error(`${file}: import.meta.glob options not understood: ${text}`);
  const name = /import\s*:\s*(?:'([^']*)'|"([^"]*)")/.exec(text);
  return { eager: /eager\s*:\s*true/.test(text), name: name ? (name[1] ?? name[2]) : undefined };
}

/** The files a call names, as Vite keys them: relative to the importing file, starting "./". */
export function expandGlob(patterns, directory) {
  return globSync(patterns, { cwd: directory, onlyFiles: true, expandDirectories: false })
    .map((path) => (path.startsWith('.') ? path : `./${path}`))
    .sort();
}

/**
 * Each `import.meta.glob` call of the source: where it starts and ends, its first argument's text
 * and its options' text. A type argument (`import.meta.glob<Module<T>>(...)`) is skipped whole.
 */
function callsOf(source) {
  const calls = [];
  let from = 0;
  for (;;) {
    const start = source.indexOf('import.meta.glob', from);
    if (start < 0) return calls;
    // A mention in a comment (a JSDoc line, or after //) is not a call.
    const line = source.slice(source.lastIndexOf('\n', start) + 1, start);
    if (/^\s*(\*|\/\*)/.test(line) || line.includes('//')) {
      from = start + 1;
      continue;
    }
    let at = start + 'import.meta.glob'.length;
    if (source[at] === '<') {
      for (let depth = 0; at < source.length; at += 1) {
        if (source[at] === '<') depth += 1;
        else if (source[at] === '>' && --depth === 0) break;
      }
      at += 1;
    }
    if (source[at] !== '(') {
      from = at;
      continue;
    }
    let depth = 0;
    let quote = null;
    const open = at;
    for (; at < source.length; at += 1) {
      const c = source[at];
      if (quote) {
        if (c === quote && source[at - 1] !== '\\') quote = null;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(' || c === '[' || c === '{') depth += 1;
      else if (c === ')' || c === ']' || c === '}') {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    const inner = source
      .slice(open + 1, at)
      .trim()
      .replace(/,\s*$/, '');
    const split = /^(\[[^\]]*\]|'[^']*'|"[^"]*")\s*(?:,\s*(\{[^}]*\}))?$/.exec(inner);
    if (!split) throw new Error(`import.meta.glob arguments not understood: ${inner}`);
    calls.push({ start, end: at + 1, argument: split[1], options: split[2] });
    from = at + 1;
  }
}

/** The source with every call replaced by what it stands for. */
export function transformGlobs(source, file) {
  const directory = dirname(file);
  const imports = [];
  const calls = callsOf(source);
  if (calls.length === 0) return undefined;
  let code = '';
  let last = 0;
  calls.forEach(({ start, end, argument, options: optionsText }, call) => {
    const { eager, name } = optionsOf(optionsText, file);
    const files = expandGlob(patternsOf(argument), directory);
    const entries = files.map((path, index) => {
      const key = JSON.stringify(path);
      if (eager) {
        const local = `__kaunti_glob_${call}_${index}`;
        imports.push(
          name === undefined
            ? `import * as ${local} from ${key};`
            : `import { ${name} as ${local} } from ${key};`,
        );
        return `${key}: ${local}`;
      }
      const load = `import(${key})`;
      return `${key}: () => ${name === undefined ? load : `${load}.then((m) => m[${JSON.stringify(name)}])`}`;
    });
    code += `${source.slice(last, start)}{ ${entries.join(', ')} }`;
    last = end;
  });
  return `${imports.join('\n')}\n${code}${source.slice(last)}`;
}

/** The esbuild plugin: every TypeScript file of the catalogue that calls import.meta.glob. */
export function importMetaGlob() {
  return {
    name: 'kaunti-import-meta-glob',
    setup(build) {
      build.onLoad({ filter: /[\\/]packages[\\/]catalogue[\\/]src[\\/].*\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.glob')) return undefined;
        const contents = transformGlobs(source, args.path);
        if (contents === undefined) return undefined;
        return { contents, loader: 'ts', resolveDir: dirname(args.path), watchDirs: [dirname(args.path)] };
      });
    },
  };
}
