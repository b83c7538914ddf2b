import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every sentence the server answers an error with reaches a reader in their language: the web app
 * looks the English sentence up in its `messages` namespace (apps/web/src/lib/i18n.ts,
 * translateMessage). A sentence written in the server without its Kiswahili text shows in English
 * on a Kiswahili page — as "Your role does not allow this…" did on the back office's lists.
 */
const serverSource = join(import.meta.dirname, '../src');
const swMessages: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../web/src/locales/sw/messages.json'), 'utf8'),
);

/** Never shown to a reader: internal checks no request reaches, and a prefix the quote completes. */
const NOT_SHOWN = new Set([
  'A document amount must be a whole, non-negative number of cents.',
  'A document needs a holder name.',
  'A document needs a number.',
  'A receipt needs a receipt number.',
  // Followed by the unanswered fields' labels; the wizard shows its own sentence for a quote.
  'The fee is shown once you have answered: ',
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The sentences errors are thrown with: the helpers' first argument, AppError's message, *_MESSAGE constants. */
const PATTERNS = [
  /\b(?:forbidden|conflict|badRequest|notFound|unauthorized|tooManyRequests)\(\s*'([^']+)'/g,
  /new AppError\(\s*\d+,\s*'[a-z_]+',\s*'([^']+)'/g,
  /_MESSAGE\s*=\s*'([^']+)'/g,
];

function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(serverSource)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS)
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file.slice(serverSource.length + 1));
  }
  return found;
}

describe("the server's error messages in Kiswahili", () => {
  const messages = serverMessages();

  it('finds the messages it checks (the scan itself works)', () => {
    expect(messages.size).toBeGreaterThan(100);
    expect(messages.has('Your role does not allow this. Ask an administrator if you need it.')).toBe(true);
  });

  it('has a Kiswahili text for every message a reader can see, naming any that lacks one', () => {
    const missing = [...messages]
      .filter(([message]) => !NOT_SHOWN.has(message) && !swMessages[message])
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it('lists as not shown only messages the server still has', () => {
    for (const message of NOT_SHOWN) expect(messages.has(message), message).toBe(true);
  });
});
