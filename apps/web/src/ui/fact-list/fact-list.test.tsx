import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Fact, FactList } from './fact-list';

describe('FactList', () => {
  it('pairs each label with its value as a term and its definition', () => {
    render(
      <FactList aria-label="Bill">
        <Fact label="Bill number" data-testid="bill-no">
          NCCB40213378
        </Fact>
        <Fact label="Balance">KES 75,471.50</Fact>
      </FactList>,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Bill number', 'Balance']);
    expect(values.map((value) => value.textContent)).toEqual(['NCCB40213378', 'KES 75,471.50']);
    expect(screen.getByTestId('bill-no')).toBe(values[0]);
    expect(values[1]!.closest('dl')).toHaveAttribute('aria-label', 'Bill');
  });
});
