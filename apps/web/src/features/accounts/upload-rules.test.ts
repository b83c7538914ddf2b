import { PHOTO_FORMAT_MESSAGE as contractPhotoMessage } from '@kaunti/contract/api-accounts';
import {
  DEFAULT_UPLOAD_MAX_BYTES as contractDefault,
  formatMegabytes as contractFormatMegabytes,
} from '@kaunti/contract/api-uploads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_MAX_BYTES, formatMegabytes, PHOTO_FORMAT_MESSAGE } from './upload-rules';

describe('upload rules (zod-free copies for the photo field)', () => {
  it("are the contract's", () => {
    expect(PHOTO_FORMAT_MESSAGE).toBe(contractPhotoMessage);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(contractDefault);
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5');
    expect(formatMegabytes(2.5 * 1024 * 1024)).toBe('2.5');
    fc.assert(
      fc.property(fc.nat({ max: 200 * 1024 * 1024 }), (bytes) => {
        expect(formatMegabytes(bytes)).toBe(contractFormatMegabytes(bytes));
      }),
    );
  });
});
