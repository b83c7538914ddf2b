import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, useAuthState } from '../../features/accounts/auth-store';
import { useProfileQuery } from '../../features/accounts/profile-query';
import styles from './account-menu.module.css';
import { useLogout } from './use-logout';

const ENTRIES = [
  { to: '/profile/view', key: 'header.profile' },
  { to: '/account/bills', key: 'header.bills' },
  { to: '/account/service-applications', key: 'header.applications' },
  { to: '/account/drafts', key: 'header.drafts' },
] as const;

/**
 * The header's account slot: "Sign in" when signed out; when signed in, the user's first name
 * opening a small menu (Profile, Bills, Applications, Drafts, Log out). A disclosure (button +
 * list of links), closed by Escape, a click outside or a navigation. No dependencies: it is in
 * the landing page's JavaScript.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const signedIn = isLoggedIn(auth);
  const profile = useProfileQuery(signedIn && auth.currentUser === null);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!signedIn) {
    return (
      <Link to="/login" className={styles.signIn}>
        {t('header.signIn')}
      </Link>
    );
  }
  const firstName = auth.currentUser?.first_name ?? profile.data?.data.first_name;
  return (
    <div className={styles.account} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('header.accountMenu')}: </span>
        <span className={styles.name}>{firstName ?? t('header.account')}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <ul id={menuId} className={styles.menu} hidden={!open}>
        {ENTRIES.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className={styles.item}>
              {t(entry.key)}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className={styles.item} onClick={() => void logout()}>
            {t('header.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
