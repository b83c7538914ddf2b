import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { ButtonLink } from '../../ui/button/button';
import { Spinner } from '../../ui/spinner/spinner';
import styles from './staff.module.css';
import { useMe } from './staff-api';

/** Where an officer who may not read the queue starts, by what they may do. */
const FIRST_PAGES = [
  { permission: 'parking.check', path: '/staff/parking' },
  { permission: 'revenue.manage', path: '/staff/revenue' },
  { permission: 'officers.manage', path: '/staff/officers' },
  { permission: 'fees.confirm', path: '/staff/fees' },
  { permission: 'audit.read', path: '/staff/audit' },
] as const;

/**
 * The back office's frame: who is signed in and in what roles, and its menu. Anyone who is not
 * an active officer is told so (the server refuses them anyway); an officer with a start
 * password is sent to set their own first.
 */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const me = useMe();
  const { pathname } = useLocation();
  if (me.isPending) return <Spinner label={t('loading')} />;
  if (me.isError) {
    const refused = me.error instanceof ApiError && me.error.status === 403;
    return (
      <div className={styles.page}>
        <Alert variant="warning" title={refused ? t('notOfficer.title') : t('failed')}>
          <p>{refused ? t('notOfficer.lead') : t('failedLead')}</p>
        </Alert>
        <ButtonLink to="/" variant="secondary">
          {t('notOfficer.home')}
        </ButtonLink>
      </div>
    );
  }
  const officer = me.data;
  if (officer.must_set_password && pathname !== '/staff/password')
    return <Navigate to="/staff/password" replace />;
  // The queue is the back office's first page; an officer who may not read it starts at their own.
  const first = FIRST_PAGES.find((page) => officer.permissions.includes(page.permission));
  if (pathname === '/staff' && !officer.permissions.includes('applications.read') && first)
    return <Navigate to={first.path} replace />;
  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <p className={styles.who}>
          <span className={styles.name}>{officer.name}</span>{' '}
          <span className={styles.roles}>
            {officer.roles.map((role) => t(`roles.${role}`)).join(', ')} ·{' '}
            {officer.areas.map((area) => t(`areas.${area}`)).join(', ')}
          </span>
        </p>
        {officer.must_set_password ? null : (
          <nav aria-label={t('menu')}>
            <ul className={styles.menu}>
              {officer.permissions.includes('applications.read') ? (
                <li>
                  <NavLink to="/staff" end>
                    {t('queue.title')}
                  </NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('parking.check') ? (
                <li>
                  <NavLink to="/staff/parking">{t('plates.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('toilets.maintain') ? (
                <li>
                  <NavLink to="/staff/toilet-faults">{t('toiletFaults.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('estates.allocate') ? (
                <li>
                  <NavLink to="/staff/waiting-list">{t('waitingList.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('claims.decide') ? (
                <li>
                  <NavLink to="/staff/claims">{t('claims.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('revenue.manage') ? (
                <li>
                  <NavLink to="/staff/revenue">{t('revenue.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('revenue.manage') ? (
                <li>
                  <NavLink to="/staff/payment-plans">{t('plans.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('fees.confirm') ? (
                <li>
                  <NavLink to="/staff/fees">{t('fees.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('officers.manage') ? (
                <li>
                  <NavLink to="/staff/officers">{t('officers.title')}</NavLink>
                </li>
              ) : null}
              {officer.permissions.includes('audit.read') ? (
                <li>
                  <NavLink to="/staff/audit">{t('audit.title')}</NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
        )}
      </div>
      <Outlet />
    </div>
  );
}
