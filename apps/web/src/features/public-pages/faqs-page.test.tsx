import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { FaqsPage } from './faqs-page';

describe('FaqsPage', () => {
  it.each(['en', 'sw'] as const)('shows at least 14 questions under h2 topics (%s)', async (language) => {
    const { container } = await renderWithApp(<FaqsPage />, { language });
    const questions = container.querySelectorAll('details > summary');
    expect(questions.length).toBeGreaterThanOrEqual(14);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(container.textContent).not.toContain('{{');
  });

  it('opens an answer when its question is chosen', async () => {
    const { container } = await renderWithApp(<FaqsPage />);
    const summary = screen.getByText('The M-Pesa prompt did not appear on my phone. What now?');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    // The county's paybill, not a number written in the text.
    expect(details).toHaveTextContent('Paybill 7654321');
    expect(container.querySelector('#faq-prompt-missing')).toBe(details);
  });

  it('lists the seven land transfer uploads and the allowed file types', async () => {
    const { container } = await renderWithApp(<FaqsPage />);
    const transfer = container.querySelector('#faq-land-transfer')!;
    expect(transfer.querySelectorAll('ol > li')).toHaveLength(7);
    expect(container.querySelector('#faq-uploads')).toHaveTextContent('JPEG, PNG or PDF files of up to 5 MB');
  });
});
