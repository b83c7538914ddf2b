import type { ServiceArea } from '@kaunti/catalogue/definition';
import { useId } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/media-query';
import { useTranslation } from '../../lib/translator';
import { useRouteHandle } from '../route-handle';
import { useDisclosure } from '../use-disclosure';
import { catalogueMenu, informationMenu, type ServicesMenu } from './menus';
import styles from './services-layout.module.css';

function MenuEntries({ menu, onNavigate }: { menu: ServicesMenu; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {menu.entries.map((entry) => (
        <li key={entry.to}>
          <NavLink to={entry.to} className={styles.entry} onClick={onNavigate}>
            <span className={styles.entryLabel}>
              {t(entry.label, { defaultValue: entry.english?.label })}
            </span>
            <span className={styles.entryDescription}>
              {t(entry.description, { defaultValue: entry.english?.description })}
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * At 998 px or less the menu is a disclosure navigation (WAI-ARIA APG, decision 015): a button
 * that shows and hides the <nav> right after it, drawn over the page like a popover. Escape
 * closes it and puts focus back on the button; choosing an entry, a press outside or focus
 * moving out closes it too.
 */
function MobileMenu({ menu, menuName }: { menu: ServicesMenu; menuName: string }) {
  const { close, rootProps, buttonProps, panelProps } = useDisclosure(useId());
  return (
    <div className={styles.mobileMenu} {...rootProps}>
      <button type="button" className={styles.menuButton} {...buttonProps}>
        <span aria-hidden="true">☰</span> {menuName}
      </button>
      <nav aria-label={menuName} className={styles.popover} {...panelProps}>
        <MenuEntries menu={menu} onNavigate={close} />
      </nav>
    </div>
  );
}

/**
 * Spec, section 2: a left menu on desktop and a popover menu at 998 px or less; the active
 * entry highlighted by route; an optional Back button and the page title (from the route).
 */
export function ServicesLayout({ menu }: { menu: ServicesMenu }) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { title, titleDefault, back } = useRouteHandle();
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly (a bookmark, a shared link) has no page of ours to go back to:
  // Back then goes to the menu's first service rather than off the portal.
  const goBack = () => {
    if (location.key === 'default') navigate(menu.entries[0]?.to ?? '/');
    else navigate(-1);
  };
  const menuName = t(menu.title, { defaultValue: menu.englishTitle });

  // Before hydration (a page rendered on the server) both menus are drawn and CSS shows the one
  // the width calls for; once hydrated, only that one.
  const layoutClass =
    isMobile === undefined ? styles.responsive : isMobile ? styles.mobileLayout : styles.layout;

  return (
    <div
      className={layoutClass}
      data-layout={isMobile === undefined ? undefined : isMobile ? 'mobile' : 'desktop'}
    >
      {isMobile !== false ? (
        <div className={isMobile === undefined ? styles.mobileOnly : undefined}>
          <MobileMenu menu={menu} menuName={menuName} />
        </div>
      ) : null}
      {isMobile !== true ? (
        <aside className={`${styles.sidebar} ${isMobile === undefined ? styles.desktopOnly : ''}`}>
          <nav aria-label={menuName}>
            <p className={styles.menuTitle}>{menuName}</p>
            <MenuEntries menu={menu} />
          </nav>
        </aside>
      ) : null}
      <section className={styles.content}>
        {back || title ? (
          <div className={styles.top}>
            {back ? (
              <button type="button" className={styles.back} onClick={goBack}>
                ← {t('actions.back')}
              </button>
            ) : null}
            {title ? <h1>{t(title, { defaultValue: titleDefault })}</h1> : null}
          </div>
        ) : null}
        <Outlet />
      </section>
    </div>
  );
}

/**
 * The uses of the layout, for the router's lazy routes: the menus come with this chunk, so they
 * are not in the landing page's JavaScript. A service area's
 * menu is the catalogue's.
 */
export const InformationLayout = () => <ServicesLayout menu={informationMenu} />;
export const AreaServicesLayout = ({ area }: { area: ServiceArea }) => (
  <ServicesLayout menu={catalogueMenu(area)} />
);
