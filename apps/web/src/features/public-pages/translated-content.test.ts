import { describe, expect, it } from 'vitest';
import { asStringList, readFaqGroups, readLegalDocument } from './translated-content';

describe('asStringList', () => {
  it('keeps the strings of a list', () => {
    expect(asStringList(['a', 2, 'b', null])).toEqual(['a', 'b']);
  });

  it('is empty for a missing key (t returns the key as a string)', () => {
    expect(asStringList('pay.steps')).toEqual([]);
  });
});

describe('readLegalDocument', () => {
  it('reads sections, dropping malformed parts', () => {
    expect(
      readLegalDocument({
        summary: 'S',
        sections: [{ heading: 'H', clauses: ['one', 2], paragraphs: 'not a list' }, 'junk'],
      }),
    ).toEqual({ summary: 'S', sections: [{ heading: 'H', clauses: ['one'], paragraphs: [] }] });
  });

  it('is undefined without sections', () => {
    expect(readLegalDocument('terms.unknown')).toBeUndefined();
    expect(readLegalDocument({ sections: [] })).toBeUndefined();
  });
});

describe('readFaqGroups', () => {
  it('drops questions without an id or text, and empty groups', () => {
    const groups = readFaqGroups([
      {
        title: 'G',
        items: [
          { id: 'a', question: 'Q?', answer: ['A'], link: { to: '/x', label: 'X' } },
          { question: 'no id' },
        ],
      },
      { title: 'Empty', items: [{ id: 'b' }] },
    ]);
    expect(groups).toEqual([
      {
        title: 'G',
        items: [{ id: 'a', question: 'Q?', answer: ['A'], steps: [], link: { to: '/x', label: 'X' } }],
      },
    ]);
  });
});
