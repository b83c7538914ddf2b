import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { isLoggedIn, useAuthState } from './auth-store';
import { useProfileQuery } from './profile-query';

/** The account entry points of a signed-in user (welcome, what they owe, bills, applications, drafts); a guest sees `guest`. */
export function SignedInPanel({ guest }: { guest: ReactNode }) {
  const auth = useAuthState();
  // A guest's page loads nothing more (not even this feature's texts).
  if (!isLoggedIn(auth)) return guest;
  return <YourAccount known={auth.currentUser?.first_name} />;
}

function YourAccount({ known }: { known: string | undefined }) {
  const { t } = useTranslation('accounts');
  // The same profile the header's account menu shows (one cached query).
  const profile = useProfileQuery(known === undefined);
  const name = known ?? profile.data?.data.first_name;
  return (
    <nav aria-labelledby="your-account" data-testid="signed-in-panel">
      <h2 id="your-account">{name ? t('signedIn.welcome', { name }) : t('signedIn.welcomeNoName')}</h2>
      <ul>
        <li>
          <Link to="/account/obligations">{t('signedIn.obligations')}</Link>
        </li>
        <li>
          <Link to="/account/bills">{t('signedIn.bills')}</Link>
        </li>
        <li>
          <Link to="/account/service-applications">{t('signedIn.applications')}</Link>
        </li>
        <li>
          <Link to="/account/drafts">{t('signedIn.drafts')}</Link>
        </li>
        <li>
          <Link to="/profile/view">{t('signedIn.profile')}</Link>
        </li>
      </ul>
    </nav>
  );
}
