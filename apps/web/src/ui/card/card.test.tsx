import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CardList } from './card';

describe('Card', () => {
  it('is a list item named by its heading, with a badge beside the title', () => {
    render(
      <CardList aria-label="Applications">
        <Card headingId="app-1" title="Land Survey" badge={<span>Submitted</span>}>
          <p>LND-2026-000123</p>
        </Card>
        <Card headingId="app-2" title="Rates Search" level={3}>
          <p>LND-2026-000124</p>
        </Card>
      </CardList>,
    );
    const list = screen.getByRole('list', { name: 'Applications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Land Survey');
    expect(within(first!).getByRole('heading', { level: 2, name: 'Land Survey' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Land SurveySubmittedLND-2026-000123');
    expect(within(second!).getByRole('heading', { level: 3, name: 'Rates Search' })).toBeInTheDocument();
  });
});
