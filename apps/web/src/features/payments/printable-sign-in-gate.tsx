import { Outlet, useLocation } from 'react-router';
import { readTokenCookie } from '../../lib/session-token';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import styles from './payments.module.css';

/** True when a session token is stored and its `exp` (seconds) is still ahead. */
function hasLiveToken(now = Date.now()): boolean {
  const token = readTokenCookie();
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}

/**
 * The printable invoice / receipt (`/downloads/Invoice`) is a public route (spec section 2), but a
 * bill is only ever shown to its owner — or to whoever holds its public printable link (`?id=&key=`,
 * the document's `printUrl`), which passes straight through. Without either, this gate shows a
 * sign-in prompt instead (the way back is remembered with
 * `rememberPath`, which app/portal-routes.tsx takes from the accounts feature); with one, the page.
 */
export function PrintableSignInGate({ rememberPath }: { rememberPath: (path: string) => void }) {
  const { t } = useTranslation('payments');
  const { pathname, search } = useLocation();
  // A public printable link (`?id=…&key=…`, the document's printUrl) needs no sign-in.
  const params = new URLSearchParams(search);
  if (hasLiveToken() || (params.get('id') && params.get('key'))) return <Outlet />;
  return (
    <div className={styles.gate}>
      <PageHeading title={t('gate.title')} lead={t('gate.body')} />
      <ButtonLink to="/login" onClick={() => rememberPath(`${pathname}${search}`)}>
        {t('gate.signIn')}
      </ButtonLink>
    </div>
  );
}
