import { describe, expect, it } from 'vitest';
import { answerLanguageOf } from './accept-language';

describe('answerLanguageOf', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw', 'sw'],
    ['sw-KE', 'sw'],
    ['SW-ke,en;q=0.5', 'sw'],
    ['en-GB,sw;q=0.9', 'en'],
    ['fr-FR,sw;q=0.8,en;q=0.7', 'sw'],
    ['fr, de', 'en'],
    ['sw;q=0', 'en'],
    ['sw;q=banana', 'sw'],
    [['en;q=0.2', 'sw;q=0.3'], 'sw'],
  ] as const)('%j → %s', (header, expected) => {
    expect(answerLanguageOf(header as string | string[] | undefined)).toBe(expected);
  });
});
