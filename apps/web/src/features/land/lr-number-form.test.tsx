import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { renderWithApp } from '../../testing/render-with-app';
import { LrNumberForm } from './lr-number-form';

vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

describe('LrNumberForm', () => {
  it('loads its checker on the first submit; a failed download says so and the next press tries again', async () => {
    vi.mocked(loadChunk).mockRejectedValueOnce(new ChunkLoadError('other', undefined, new Error('offline')));
    const onSubmit = vi.fn();
    await renderWithApp(<LrNumberForm submitLabel="Get the bill" busy={false} onSubmit={onSubmit} />);
    const u = userEvent.setup();
    expect(loadChunk).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Part of the portal failed to load (load error: other). Check your connection and reload the page.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(
      await screen.findByRole('link', { name: 'Please enter your land / parcel number' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Part of the portal failed to load/)).toBeNull();
    await u.type(screen.getByRole('textbox', { name: /LR number/ }), ' 209 / 10001 ');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(onSubmit).toHaveBeenCalledWith('209/10001');
    expect(loadChunk).toHaveBeenCalledTimes(2);
  });

  it('gives the catalogue’s own message for a number that is not an LR number', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(<LrNumberForm submitLabel="Get the bill" busy={false} onSubmit={onSubmit} />);
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /LR number/ }), 'not a number!');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(
      await screen.findByRole('link', { name: 'Please enter a valid LR number, e.g. 209/10001' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /LR number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
