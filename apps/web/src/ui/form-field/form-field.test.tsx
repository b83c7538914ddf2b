import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { FormField, InputField, PasswordField } from './form-field';

function Example({ error, hint, required }: { error?: string; hint?: string; required?: boolean }) {
  return (
    <FormField
      id="lr"
      label="LR number"
      hint={hint}
      error={error}
      required={required}
      requiredLabel="required"
      errorPrefix="Error:"
    >
      {(control) => <input {...control} />}
    </FormField>
  );
}

describe('FormField', () => {
  it('labels the control and says in words that it is required', () => {
    render(<Example required />);
    const input = screen.getByRole('textbox', { name: 'LR number (required)' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no asterisk on an optional field', () => {
    render(<Example />);
    expect(screen.getByRole('textbox', { name: 'LR number' })).not.toHaveAttribute('aria-required');
    expect(screen.queryByText('*')).toBeNull();
  });

  it('ties the hint and the error to the control', () => {
    render(<Example hint="As on the title deed" error="Please enter your land / parcel number" required />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'As on the title deed Error: Please enter your land / parcel number',
    );
  });
});

describe('InputField', () => {
  it('is a FormField around a text input that takes the input attributes', async () => {
    render(
      <InputField
        id="phone"
        label="Phone number"
        hint="07******** or 2547********"
        error="Phone number must be in format +2547******** or 2547******** or 07******** or 7********"
        required
        requiredLabel="required"
        errorPrefix="Error:"
        type="tel"
        autoComplete="tel"
        defaultValue="0812"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Phone number (required)' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('required');
    expect(input).toHaveAccessibleDescription(
      '07******** or 2547******** Error: Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
    );
    await userEvent.type(input, '345');
    expect(input).toHaveValue('0812345');
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, and hides it again', async () => {
    render(
      <PasswordField
        id="password"
        label="Password"
        required
        requiredLabel="required"
        errorPrefix="Error:"
        showLabel="Show password"
        hideLabel="Hide password"
        defaultValue="Nyumba#Kumi2024"
        after={<p>Password is strong</p>}
      />,
    );
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    expect(show).toHaveAttribute('aria-controls', 'password');
    await userEvent.click(show);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'Password (required)' })).toHaveValue('Nyumba#Kumi2024');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password', pressed: true }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByText('Password is strong')).toBeVisible();
  });

  it('offers the toggle only once the page is hydrated (on a server-rendered page it would do nothing), its place kept until then', async () => {
    const field = (
      <PasswordField
        id="password"
        label="Password"
        requiredLabel="required"
        errorPrefix="Error:"
        showLabel="Show password"
        hideLabel="Hide password"
      />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(field);
    document.body.append(container);
    onTestFinished(() => container.remove());
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    // In the server's markup the toggle holds its place unseen (visibility: hidden, so neither
    // focusable nor announced): nothing below it moves when it appears (hydration.spec.ts).
    const waiting = container.querySelector('button');
    expect(waiting).toHaveTextContent('Show password');
    expect(waiting).toHaveClass('toggleWaiting');
    const root = await act(async () => hydrateRoot(container, field));
    expect(screen.getByRole('button', { name: 'Show password' })).not.toHaveClass('toggleWaiting');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    act(() => root.unmount());
  });
});
