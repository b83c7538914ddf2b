import { describe, expect, it } from 'vitest';
import { translateMessage } from './i18n';

const sw: Record<string, string> = {
  'Too many requests. Please try again in {{n1}} minutes.':
    'Maombi ni mengi mno. Tafadhali jaribu tena baada ya dakika {{n1}}.',
  'Please enter your land / parcel number': 'Tafadhali weka nambari ya kiwanja chako',
};
const t = (key: string, options: Record<string, unknown>) => {
  const found = sw[key];
  if (!found) return String(options.defaultValue ?? '');
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

describe('translateMessage: server messages in the reader language, composite ones too', () => {
  it('an exact sentence', () => {
    expect(translateMessage(t, 'Please enter your land / parcel number')).toBe(
      'Tafadhali weka nambari ya kiwanja chako',
    );
  });

  it('a sentence with a number, through its template', () => {
    expect(translateMessage(t, 'Too many requests. Please try again in 12 minutes.')).toBe(
      'Maombi ni mengi mno. Tafadhali jaribu tena baada ya dakika 12.',
    );
  });

  it('an unknown message stays as the server wrote it', () => {
    expect(translateMessage(t, 'Something only the server knows 42.')).toBe(
      'Something only the server knows 42.',
    );
  });
});
