import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render-with-app';
import { NeedsConnection, OfflineNotice } from './offline-notice';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineNotice', () => {
  it('says "You are offline" in its live region when the connection drops, and nothing once it is back', async () => {
    await renderWithApp(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    goOffline(true);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('You are offline. Pages you opened before still work.');
    goOffline(false);
    expect(region).toBeEmptyDOMElement();
  });

  it('speaks Kiswahili', async () => {
    await renderWithApp(<OfflineNotice />, { language: 'sw' });
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Huna mtandao. Kurasa ulizofungua awali');
  });
});

describe('NeedsConnection', () => {
  it('says a payment needs a connection while offline, in both languages', async () => {
    await renderWithApp(<NeedsConnection />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Paying needs a connection.');
  });

  it('in Kiswahili', async () => {
    await renderWithApp(<NeedsConnection />, { language: 'sw' });
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Kulipa kunahitaji mtandao.');
  });
});
