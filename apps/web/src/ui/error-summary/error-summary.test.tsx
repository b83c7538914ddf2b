import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';

describe('ErrorSummary', () => {
  it('shows nothing without errors', () => {
    const { container } = render(<ErrorSummary title="There is a problem" errors={[]} focusKey={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('takes the focus when the errors arrive after the submit', () => {
    const { rerender } = render(<ErrorSummary title="There is a problem" errors={[]} focusKey={1} />);
    rerender(
      <ErrorSummary
        title="There is a problem"
        errors={[{ fieldId: 'x', message: 'Please add passport photo' }]}
        focusKey={1}
      />,
    );
    expect(document.activeElement).toHaveAccessibleName('There is a problem');
  });

  it('takes the focus and links each error to its field', async () => {
    render(
      <>
        <ErrorSummary
          title="There is a problem"
          errors={[
            { fieldId: 'idCard', message: 'Please upload copy of your ID card' },
            { fieldId: 'lr', message: 'Please enter your land / parcel number' },
          ]}
          focusKey={1}
        />
        <input id="idCard" aria-label="ID card" />
        <input id="lr" aria-label="LR number" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('There is a problem');
    expect(document.activeElement).toHaveAccessibleName('There is a problem');
    await userEvent.click(screen.getByRole('link', { name: 'Please enter your land / parcel number' }));
    expect(screen.getByRole('textbox', { name: 'LR number' })).toHaveFocus();
  });
});

describe('ErrorSummary: two fields with the same message', () => {
  it('tells them apart by their labels; a message of its own stays as it is', () => {
    render(
      <ErrorSummary
        title="There is a problem"
        focusKey={1}
        errors={[
          { fieldId: 'a', message: 'Please add passport photo', label: 'Your passport photo' },
          { fieldId: 'b', message: 'Please add passport photo', label: 'Passport photo of the recipient' },
          { fieldId: 'c', message: 'Please upload KRA PIN certificate', label: 'KRA PIN certificate' },
        ]}
      />,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Please add passport photo — Your passport photo',
      'Please add passport photo — Passport photo of the recipient',
      'Please upload KRA PIN certificate',
    ]);
  });
});
