import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { currentToasts, dismissToast, toast } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => {
  for (const item of currentToasts()) dismissToast(item.id);
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('lets a short notice go after a while, but keeps one to note down (and errors) until dismissed', async () => {
    await renderWithApp(<Toaster />);
    vi.useFakeTimers();
    act(() => {
      toast.success('Welcome back, Wanjiku');
      toast.success('Your account has been created. Your customer number is NCC-0001001.', { keep: true });
      toast.error('We could not download the PDF.');
    });
    expect(screen.getByText('Welcome back, Wanjiku')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Welcome back, Wanjiku')).toBeNull();
    expect(screen.getByText(/Your customer number is NCC-0001001/)).toBeInTheDocument();
    expect(screen.getByText('We could not download the PDF.')).toBeInTheDocument();
    vi.useRealTimers();
    const [first] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    await userEvent.click(first!);
    expect(screen.queryByText(/Your customer number is NCC-0001001/)).toBeNull();
  });
});
