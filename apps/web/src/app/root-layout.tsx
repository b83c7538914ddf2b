import { type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from '../lib/translator';
import { Spinner } from '../ui/spinner/spinner';
import { Toaster } from '../ui/toast/toaster';
import { AccountMenu } from './auth/account-menu';
import { SessionWatch } from './auth/session-watch';
import { isFooterHidden, SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { PageTitle } from './page-title';
import styles from './root-layout.module.css';

/**
 * Header, the page, the footer (not on printable documents), toasts, and the page title. As the
 * root route's error element it shows `main` (the error) in place of the page.
 */
export function RootLayout({ main }: { main?: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <PageTitle />
      <SessionWatch />
      <SiteHeader account={<AccountMenu />} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Spinner label={t('loading')} />}>{main ?? <Outlet />}</Suspense>
      </main>
      {isFooterHidden(pathname) ? null : <SiteFooter />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
