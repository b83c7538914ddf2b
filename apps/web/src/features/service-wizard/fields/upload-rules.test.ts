import * as contract from '@kaunti/contract/api-uploads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as uploads from '../../../lib/uploads';
import { DEFAULT_UPLOAD_MAX_BYTES, formatFileSize, UPLOAD_ACCEPT } from './upload-rules';

describe("the file field's zod-free copies", () => {
  it("are the contract's constants", () => {
    expect(UPLOAD_ACCEPT).toBe(contract.UPLOAD_ACCEPT);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(contract.DEFAULT_UPLOAD_MAX_BYTES);
  });

  it('format sizes as lib/uploads.ts does, in both languages', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 * 1024 * 1024 }),
        fc.constantFrom('en', 'sw'),
        (bytes, language) => {
          expect(formatFileSize(bytes, language)).toBe(uploads.formatFileSize(bytes, language));
        },
      ),
    );
  });
});
