import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper';

describe('Stepper', () => {
  it('lists the steps in order and marks the current one', () => {
    render(
      <Stepper
        steps={['Instructions', 'Personal Details', 'Land Details']}
        current={1}
        label="Steps"
        completedLabel="completed"
      />,
    );
    const list = screen.getByRole('list', { name: 'Steps' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '✓Instructions (completed)',
      '2Personal Details',
      '3Land Details',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveAttribute('aria-current');
  });
});
