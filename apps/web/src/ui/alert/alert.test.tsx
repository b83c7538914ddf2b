import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces a danger alert at once with its text', () => {
    render(<Alert variant="danger">Parcel not found</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Parcel not found');
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'danger');
  });

  it('announces other alerts politely', () => {
    render(
      <Alert variant="success" title="Done">
        Saved
      </Alert>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('DoneSaved');
  });
});
