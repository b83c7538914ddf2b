import { type ReactNode, useId } from 'react';
import { Link, NavLink } from 'react-router';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { DEFAULT_PORTAL_NAME } from '../page-title';
import { useDisclosure } from '../use-disclosure';
import { Emblem } from './emblem';
import { LanguageSwitch } from './language-switch';
import styles from './site-header.module.css';

const NAV = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/payment', key: 'nav.pay', end: false },
  { to: '/e-verify', key: 'nav.verify', end: false },
  { to: '/faqs', key: 'nav.faqs', end: false },
  { to: '/contact', key: 'nav.contact', end: false },
] as const;

/**
 * The fixed header: county name, navigation, language switch and the account slot (the account
 * menu: a sign-in link, or the signed-in user's menu). Below 998 px the navigation folds into a
 * menu, a disclosure (`useDisclosure`): it closes on Escape (focus back on its button), on a press
 * outside, when focus leaves it, and on every navigation (also from the account slot's links).
 */
export function SiteHeader({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const county = useCounty();
  const navId = useId();
  const { open, close, rootProps, buttonProps } = useDisclosure(navId);

  return (
    <header className={styles.header}>
      <a href="#main" className={styles.skip}>
        {t('header.skip')}
      </a>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} onClick={close}>
          <Emblem className={styles.emblem} />
          <span className={styles.brandText}>
            <span className={styles.countyName} data-testid="county-name">
              {county?.name ?? DEFAULT_PORTAL_NAME}
            </span>
            <span className={styles.portalName}>{t('header.tagline')}</span>
          </span>
        </Link>
        {/* The button and the folded menu, for the disclosure to judge presses and focus; no box. */}
        <div className={styles.menuRoot} {...rootProps}>
          <button type="button" className={styles.menuButton} {...buttonProps}>
            {open ? t('header.closeMenu') : t('header.menu')}
          </button>
          <nav
            id={navId}
            className={`${styles.nav} ${open ? styles.navOpen : ''}`}
            aria-label={t('header.navigation')}
          >
            <ul className={styles.navList}>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={styles.navLink} onClick={close}>
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className={styles.mobileTools}>
              <LanguageSwitch className={styles.language} />
              {account}
            </div>
          </nav>
        </div>
        <div className={styles.tools}>
          <LanguageSwitch className={styles.language} />
          {account}
        </div>
      </div>
    </header>
  );
}
