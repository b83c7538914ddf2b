import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/translator';
import styles from './payments.module.css';

const LINKS = [
  { to: '/account/bills', key: 'accountNav.bills' },
  { to: '/account/obligations', key: 'accountNav.obligations' },
  { to: '/account/payment-plans', key: 'accountNav.plans' },
  { to: '/account/transactions-history', key: 'accountNav.transactions' },
  { to: '/payment', key: 'accountNav.pay' },
] as const;

/** Links between the bills, obligations, transactions and payment pages (the current one marked). */
export function AccountNav() {
  const { t } = useTranslation('payments');
  return (
    <nav className={styles.accountNav} aria-label={t('accountNav.label')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={({ isActive }) => (isActive ? styles.current : undefined)}>
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
