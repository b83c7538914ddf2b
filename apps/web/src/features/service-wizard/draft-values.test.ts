import { isEmptyDraft as contractIsEmptyDraft } from '@kaunti/contract/api-drafts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmptyDraft } from './draft-values';

/** Answers as a form holds them: text (often blank), booleans, numbers, null, lists and entries. */
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('', ' ', '\t', 'x', ' 209/1 '),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('isEmptyDraft', () => {
  it("is the contract's (the server's) rule", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), answer, { maxKeys: 5 }), (values) => {
        expect(isEmptyDraft(values)).toBe(contractIsEmptyDraft(values));
      }),
      { numRuns: 500 },
    );
    expect(isEmptyDraft({ a: '', b: false, c: [], d: { e: ' ' }, __files: {} })).toBe(true);
    expect(isEmptyDraft({ a: '', vehicles: [{ plate: 'KDA 123A' }] })).toBe(false);
  });
});
