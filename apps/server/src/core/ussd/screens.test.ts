import { describe, expect, it } from 'vitest';
import { SCREEN_LIMIT, type Screen, walk } from './screens';

const words = { more: 'More', back: 'Back', home: 'Main menu', wrongChoice: 'Wrong choice, try again.' };

/** A list of `n` markets with long names, each opening its own last screen. */
function markets(n: number): Screen {
  return {
    kind: 'menu',
    title: 'Choose the market',
    choices: Array.from({ length: n }, (_, i) => ({
      label: `Market number ${i + 1} of the county, by the road`,
      open: (): Screen => ({ kind: 'end', text: `Market ${i + 1}` }),
    })),
  };
}

const home = (): Screen => ({
  kind: 'menu',
  root: true,
  title: 'Main',
  choices: [{ label: 'Markets', open: () => markets(12) }],
});

const at = (answers: string[]) => walk({ answers, start: home, home, words });

describe('USSD screens', () => {
  it('pages a long list with 98, numbering on across the parts, each screen within the limit', async () => {
    const first = await at(['1']);
    expect(first.startsWith('CON Choose the market\n1. Market number 1')).toBe(true);
    expect(first).toContain('\n98 More\n0 Back\n00 Main menu');
    expect(first.length - 4).toBeLessThanOrEqual(SCREEN_LIMIT);
    const second = await at(['1', '98']);
    const firstNumber = /\n(\d+)\. /.exec(second)![1];
    expect(Number(firstNumber)).toBeGreaterThan(1);
    expect(second).not.toContain('\n1. ');
    // A number from the part shown opens its entry.
    expect(await at(['1', '98', firstNumber!])).toBe(`END Market ${firstNumber}`);
    // Every part fits, to the last (which has no 98).
    let path = ['1'];
    let screen = await at(path);
    while (screen.includes('\n98 More')) {
      expect(screen.length - 4).toBeLessThanOrEqual(SCREEN_LIMIT);
      path = [...path, '98'];
      screen = await at(path);
    }
    expect(screen).toContain('12. Market number 12');
  });

  it('keeps a refusal above the same screen, and a typed answer refused is not kept', async () => {
    const ask = (): Screen => ({
      kind: 'ask',
      prompt: 'Enter the plate',
      answer: (text) => (text === 'KDA 123A' ? { kind: 'end', text: 'Thanks' } : { refused: 'Not a plate.' }),
    });
    const start = (): Screen => ({
      kind: 'menu',
      root: true,
      title: 'Main',
      choices: [{ label: 'Park', open: ask }],
    });
    const go = (answers: string[]) => walk({ answers, start, home: start, words });
    expect(await go(['1', 'x'])).toBe('CON Not a plate.\nEnter the plate\n0 Back\n00 Main menu');
    expect(await go(['1', 'x', 'KDA 123A'])).toBe('END Thanks');
    expect(await go(['5'])).toBe('CON Wrong choice, try again.\nMain\n1. Park');
  });

  it('cuts a screen that would still be too long, rather than let the gateway refuse it', async () => {
    const long = (): Screen => ({ kind: 'end', text: 'x'.repeat(400) });
    const answer = await walk({ answers: [], start: long, home: long, words });
    expect(answer.length).toBe(4 + SCREEN_LIMIT);
    expect(answer.endsWith('…')).toBe(true);
  });
});
