import { Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useTranslation } from '../lib/translator';
import { OfflineNotice } from '../ui/offline/offline-notice';
import { Spinner } from '../ui/spinner/spinner';
import { Toaster } from '../ui/toast/toaster';
import { AccountMenu } from './auth/account-menu';
import { SessionWatch } from './auth/session-watch';
import { isFooterHidden, SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { PageFocus } from './page-focus';
import { PageTitle } from './page-title';
import styles from './root-layout.module.css';

/**
 * Header, the offline notice, the page, the footer (not on printable documents), toasts, the page title, and the
 * focus on a new page's heading (page-focus.tsx).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <PageTitle />
      <SessionWatch />
      <SiteHeader account={<AccountMenu />} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      {isFooterHidden(pathname) ? null : <SiteFooter />}
      <Toaster />
      <ScrollOnNavigation />
      <PageFocus mainId="main" />
    </div>
  );
}

/**
 * A new page (a link followed, a redirect) starts at the top; Back and Forward leave the scroll to
 * the browser, and a change of the hash alone (an error summary's link) does not scroll.
 */
function ScrollOnNavigation() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes, on purpose.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}
