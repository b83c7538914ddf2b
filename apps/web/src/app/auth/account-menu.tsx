import { useId } from 'react';
import { Link } from 'react-router';
import { isLoggedIn, useAuthState } from '../../features/accounts/auth-store';
import { useProfileQuery } from '../../features/accounts/profile-query';
import { useTranslation } from '../../lib/translator';
import { useDisclosure } from '../use-disclosure';
import styles from './account-menu.module.css';
import { useLogout } from './use-logout';

const ENTRIES = {
  citizen: [
    { to: '/profile/view', key: 'header.profile' },
    { to: '/account/bills', key: 'header.bills' },
    { to: '/account/service-applications', key: 'header.applications' },
    { to: '/account/drafts', key: 'header.drafts' },
  ],
  // An officer's session (opened at /staff/login): the back office, not a citizen's account.
  staff: [
    { to: '/staff', key: 'header.backOffice' },
    { to: '/staff/password', key: 'header.staffPassword' },
  ],
} as const;

/**
 * The header's account slot: "Sign in" when signed out; when signed in, the user's first name
 * opening a small menu (Profile, Bills, Applications, Drafts, Log out; an officer's: the back
 * office, their password, Log out, back to the officers' sign-in). A disclosure (button +
 * list of links, use-disclosure.ts), closed by Escape, a click outside, focus moving out or a
 * navigation. No dependencies: it is in the landing page's JavaScript.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAuthState();
  const signedIn = isLoggedIn(auth);
  const profile = useProfileQuery(signedIn && auth.currentUser === null);
  const logout = useLogout();
  const { rootProps, buttonProps, panelProps } = useDisclosure(useId());

  if (!signedIn) {
    return (
      <Link to="/login" className={styles.signIn}>
        {t('header.signIn')}
      </Link>
    );
  }
  const firstName = auth.currentUser?.first_name ?? profile.data?.data.first_name;
  return (
    <div className={styles.account} {...rootProps}>
      <button type="button" className={styles.trigger} {...buttonProps}>
        <span className="visually-hidden">{t('header.accountMenu')}: </span>
        <span className={styles.name}>{firstName ?? t('header.account')}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <ul className={styles.menu} {...panelProps}>
        {ENTRIES[auth.door].map((entry) => (
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
