import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The contract's modules a page may import when it is drawn: rules, constants and messages
 * without zod (the schemas beside them re-export them), so a page loads zod only when it checks.
 */
const ZOD_FREE = [
  './draft-values.ts',
  './identifier-rules.ts',
  './land-messages.ts',
  './password-rules.ts',
  './phone-number.ts',
  './upload-rules.ts',
];

describe('the contract’s zod-free modules', () => {
  it.each(ZOD_FREE)('%s brings no zod with it', async (entry) => {
    const result = await build({
      entryPoints: [new URL(entry, import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((input) => /node_modules\/zod\//.test(input))).toEqual([]);
  });

  it('are what the schema modules export (re-exported, not copied)', async () => {
    const [uploads, uploadRules, drafts, draftValues, identifier, identifierRules, accounts] =
      await Promise.all([
        import('./api-uploads'),
        import('./upload-rules'),
        import('./api-drafts'),
        import('./draft-values'),
        import('./identifier'),
        import('./identifier-rules'),
        import('./api-accounts'),
      ]);
    expect(uploads.uploadTooLargeMessage).toBe(uploadRules.uploadTooLargeMessage);
    expect(uploads.UPLOAD_ACCEPT).toBe(uploadRules.UPLOAD_ACCEPT);
    expect(drafts.isEmptyDraft).toBe(draftValues.isEmptyDraft);
    expect(identifier.guessIdentifierType).toBe(identifierRules.guessIdentifierType);
    expect(accounts.identifierTypeOf).toBe(identifierRules.identifierTypeOf);
    expect(accounts.PHOTO_FORMAT_MESSAGE).toBe(uploadRules.PHOTO_FORMAT_MESSAGE);
  });
});
