import { describe, expect, it } from 'vitest';
import { isFooterHidden } from './site-footer';

describe('isFooterHidden', () => {
  it('hides the footer on any path containing "downloads"', () => {
    expect(isFooterHidden('/downloads/Invoice')).toBe(true);
    expect(isFooterHidden('/downloads/sbp')).toBe(true);
    expect(isFooterHidden('/my-downloads')).toBe(true);
  });

  it('shows it everywhere else', () => {
    expect(isFooterHidden('/')).toBe(false);
    expect(isFooterHidden('/faqs')).toBe(false);
    expect(isFooterHidden('/download')).toBe(false);
  });
});
