import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveRegion } from './live-region';

describe('LiveRegion', () => {
  it('is a polite status region that is there, empty, before its message arrives, and keeps its node', () => {
    const { rerender } = render(<LiveRegion message="" />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    rerender(<LiveRegion message="Paid" />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Paid');
  });
});
