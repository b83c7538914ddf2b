/**
 * A polite live region that is on the page before its text arrives: screen readers announce a
 * region's changes only once they know the region, so a result (a verdict, "paid") must go into
 * one that was already there, not arrive with its own. Visually hidden: the page shows the same
 * result in its own words. Keep it mounted for the page's life and change `message`.
 */
export function LiveRegion({ message, testId }: { message: string; testId?: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {message}
    </p>
  );
}
