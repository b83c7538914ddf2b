import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { retryFailedLoads } from '../../lib/lazy-route';
import { PageTitle } from '../page-title';
import { ErrorReport, RENDER_ERROR_MESSAGE } from './error-report';

/**
 * Around every page, inside the root layout (so a page that fails keeps the header and footer
 * around its error): a page's code that could not be fetched, or a page that threw. The next
 * navigation lets go of the error, and a page whose code failed is fetched again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary at={key}>{children}</Boundary>;
}

interface BoundaryProps {
  /** The location's key: a new one (a navigation) lets go of the error. */
  at: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  /** The location the error was shown at (a navigation that failed has its new key already). */
  private failedAt: string | undefined;

  override componentDidUpdate(_props: BoundaryProps, previous: { failed: boolean }) {
    if (!this.state.failed) return;
    if (!previous.failed) this.failedAt = this.props.at;
    else if (this.props.at !== this.failedAt) {
      retryFailedLoads();
      this.setState({ error: undefined, failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <PageTitle override={RENDER_ERROR_MESSAGE.split('.')[0]} />
        <ErrorReport error={this.state.error} />
      </>
    );
  }
}
