import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('says the status in words, with its tone and raw value for styling', () => {
    render(
      <p>
        Bill NCCB40213378{' '}
        <StatusBadge tone="action" status="unpaid">
          Unpaid
        </StatusBadge>
      </p>,
    );
    const badge = screen.getByText('Unpaid');
    expect(badge).toHaveAttribute('data-status', 'unpaid');
    expect(badge).toHaveAttribute('data-tone', 'action');
    expect(badge.closest('p')).toHaveTextContent('Bill NCCB40213378 Unpaid');
  });

  it('gives each tone its own look', () => {
    render(
      <>
        <StatusBadge tone="good">Paid</StatusBadge>
        <StatusBadge tone="bad">Failed</StatusBadge>
      </>,
    );
    expect(screen.getByText('Paid').className).not.toBe(screen.getByText('Failed').className);
  });
});
