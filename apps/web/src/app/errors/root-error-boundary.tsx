import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../lib/error-reporter';
import { BACK_HOME, RENDER_ERROR_MESSAGE } from './error-report';

/**
 * The last line of defence, outside the router (if the shell itself fails). Plain markup only:
 * translations or the router may be what broke.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportClientError('render', error, info.componentStack ?? undefined);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ maxWidth: '40rem', margin: '4rem auto', padding: '1rem', textAlign: 'center' }}>
        <h1>{RENDER_ERROR_MESSAGE}</h1>
        <p>
          <a href="/">{document.documentElement.lang.startsWith('sw') ? BACK_HOME.sw : BACK_HOME.en}</a>
        </p>
      </main>
    );
  }
}
