import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

function Form({ busy, onSubmit }: { busy: boolean; onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Code <input name="code" />
      </label>
      <Button type="submit" busy={busy} busyLabel="Checking…">
        Verify
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('busy, keeps the focus (it is aria-disabled, not disabled) and sends nothing, by press or by Enter', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Form busy={false} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Verify' });
    button.focus();
    rerender(<Form busy onSubmit={onSubmit} />);
    const busy = screen.getByRole('button', { name: 'Checking…' });
    expect(busy).toBe(button);
    expect(busy).toHaveFocus();
    expect(busy).not.toHaveAttribute('disabled');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(<Form busy={false} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
