/**
 * USSD screens (issue 42, docs/decisions/033): a menu is a tree of screens, walked again from the
 * top on every request along the caller's answers (`text`, joined by `*`), so that any instance
 * answers any step and nothing is kept between requests. Pure: the screens' contents come from
 * the functions the menu gives them.
 */

/** The longest screen a handset shows (Africa's Talking: 182 characters, the prefix excluded). */
export const SCREEN_LIMIT = 182;
/** The answer that shows the next part of a long list, the previous screen, the main menu. */
export const MORE = '98';
export const BACK = '0';
export const HOME = '00';

export type UssdLanguage = 'en' | 'sw';

/** A screen's answer: a chosen entry or a typed text leads to the next screen, or is refused. */
export type Next = Screen | { refused: string };

export interface Choice {
  label: string;
  /** The screen it opens. Called only when the caller chose it (again on each later request). */
  open: () => Screen | Promise<Screen>;
}

export type Screen =
  /** A numbered list: 1, 2, 3…; a list longer than a screen goes on with 98. */
  | {
      kind: 'menu';
      title: string;
      choices: readonly Choice[];
      /** The main menu: reached, it starts the trail afresh (nothing before it to go back to). */
      root?: boolean;
    }
  /** A question answered by typing (a plate, a number, a code). */
  | { kind: 'ask'; prompt: string; answer: (text: string) => Next | Promise<Next> }
  /** The session's last screen. */
  | { kind: 'end'; text: string };

/** The words a screen's own controls need, in the caller's language. */
export interface ScreenWords {
  more: string;
  back: string;
  home: string;
  wrongChoice: string;
}

interface Place {
  screen: Screen;
  /** The part of a long list shown (0 first). */
  page: number;
}

/**
 * The parts of a menu's choices, each part's entries fitting one screen beside the title, the
 * controls and a refusal above them. Numbering runs on across parts (6, 7… on the second).
 */
export function pagesOf(
  title: string,
  choices: readonly Choice[],
  words: ScreenWords,
  withBack: boolean,
): { first: number; count: number }[] {
  const line = (i: number) => `${i + 1}. ${choices[i]!.label}`.length + 1;
  // Room for the title, a refusal line and the controls, whichever part this is.
  const fixed =
    title.length +
    1 +
    words.wrongChoice.length +
    1 +
    (withBack ? `${BACK} ${words.back}`.length + 1 + `${HOME} ${words.home}`.length + 1 : 0);
  // One screen if every entry fits; else parts, each with room for "98 More".
  if (choices.reduce((sum, _, i) => sum + line(i), fixed) <= SCREEN_LIMIT)
    return [{ first: 0, count: choices.length }];
  const pages: { first: number; count: number }[] = [];
  const room = fixed + `${MORE} ${words.more}`.length + 1;
  let first = 0;
  while (first < choices.length) {
    let used = room;
    let count = 0;
    while (first + count < choices.length) {
      const next = line(first + count);
      if (count > 0 && used + next > SCREEN_LIMIT) break;
      used += next;
      count++;
    }
    pages.push({ first, count });
    first += count;
  }
  return pages.length > 0 ? pages : [{ first: 0, count: 0 }];
}

/** At most SCREEN_LIMIT characters, whatever a screen was given (a long name ends in "…"). */
function fit(text: string): string {
  return text.length <= SCREEN_LIMIT ? text : `${text.slice(0, SCREEN_LIMIT - 1)}…`;
}

/** The screen as the gateway wants it: `CON …` awaits an answer, `END …` closes the session. */
function render(place: Place, words: ScreenWords, depth: number, refusal?: string): string {
  const { screen } = place;
  if (screen.kind === 'end') return `END ${fit(screen.text)}`;
  const lines: string[] = [];
  if (refusal) lines.push(refusal);
  if (screen.kind === 'ask') {
    lines.push(screen.prompt);
  } else {
    const pages = pagesOf(screen.title, screen.choices, words, depth > 1);
    const part = pages[Math.min(place.page, pages.length - 1)]!;
    lines.push(screen.title);
    for (let i = part.first; i < part.first + part.count; i++)
      lines.push(`${i + 1}. ${screen.choices[i]!.label}`);
    if (place.page < pages.length - 1) lines.push(`${MORE} ${words.more}`);
  }
  if (depth > 1) lines.push(`${BACK} ${words.back}`, `${HOME} ${words.home}`);
  return `CON ${fit(lines.join('\n'))}`;
}

/**
 * The screen the caller is on after these answers, walked from `start`: `00` goes to `home` (the
 * main menu), `0` to the screen before, `98` to the next part of a list; a wrong choice or a
 * refused text stays on its screen with the refusal above it. A session is never ended by a
 * mistake.
 */
export async function walk(input: {
  answers: readonly string[];
  start: () => Screen | Promise<Screen>;
  home: () => Screen | Promise<Screen>;
  words: (() => ScreenWords) | ScreenWords;
}): Promise<string> {
  const wordsNow = () => (typeof input.words === 'function' ? input.words() : input.words);
  const trail: Place[] = [{ screen: await input.start(), page: 0 }];
  let refusal: string | undefined;
  for (const raw of input.answers) {
    const answer = raw.trim();
    const here = trail[trail.length - 1]!;
    refusal = undefined;
    if (here.screen.kind === 'end') break;
    if (answer === HOME) {
      trail.splice(0, trail.length, { screen: await input.home(), page: 0 });
      continue;
    }
    if (answer === BACK && trail.length > 1) {
      trail.pop();
      continue;
    }
    let next: Next;
    if (here.screen.kind === 'menu') {
      const pages = pagesOf(here.screen.title, here.screen.choices, wordsNow(), trail.length > 1);
      if (answer === MORE && here.page < pages.length - 1) {
        here.page++;
        continue;
      }
      const chosen = /^\d{1,3}$/.test(answer) ? here.screen.choices[Number(answer) - 1] : undefined;
      next = chosen ? await chosen.open() : { refused: wordsNow().wrongChoice };
    } else {
      next = answer === '' ? { refused: wordsNow().wrongChoice } : await here.screen.answer(answer);
    }
    if ('refused' in next) refusal = next.refused;
    else if (next.kind === 'menu' && next.root) trail.splice(0, trail.length, { screen: next, page: 0 });
    else trail.push({ screen: next, page: 0 });
  }
  return render(trail[trail.length - 1]!, wordsNow(), trail.length, refusal);
}
