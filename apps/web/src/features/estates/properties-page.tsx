import type { Tenancy } from '@kaunti/contract/api-estates';
import { formatKes } from '@kaunti/contract/money';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { QueryState } from '../../ui/query-state/query-state';
import { RentStatement } from '../../ui/stacked-table/rent-statement';
import styles from './estates.module.css';
import { placeOf, useTenancies, useTenancy, useWaitingList } from './tenancies';

/** A tenancy's statement: month by month, the rent, the late penalty and what is paid. */
function Statement({ tenancy }: { tenancy: Tenancy }) {
  const { t } = useTranslation('estates');
  const detail = useTenancy(tenancy.tenancy_no);
  return (
    <QueryState query={detail} loadingLabel={t('statement.loading')}>
      {(data) => (
        <RentStatement
          ns="estates"
          caption={t('statement.caption', { tenancyNo: tenancy.tenancy_no })}
          months={data.statement}
        />
      )}
    </QueryState>
  );
}

/**
 * The signed-in user's places on the county's waiting lists for a house or unit (applied for at
 * /property-management), when there are any: each estate and kind of unit with the place now.
 */
function WaitingLists() {
  const { t } = useTranslation('estates');
  const waiting = useWaitingList();
  const list = waiting.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="waiting-lists" className={styles.waiting}>
      <h2 id="waiting-lists">{t('waiting.title')}</h2>
      <ul>
        {list.map((entry) => (
          <li key={entry.application_no}>
            {t('waiting.entry', {
              estate: entry.estate,
              unit: t(`waiting.use.${entry.unit_use}`),
              place: entry.place,
              applicationNo: entry.application_no,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /properties: the county houses and units the signed-in tenant rents, each with its monthly
 * rent, balance and months in arrears, its rent statement (printable) and a link to pay.
 */
export function PropertiesPage() {
  const { t } = useTranslation('estates');
  const tenancies = useTenancies();
  return (
    <div className={styles.page}>
      <p className={styles.lead}>{t('properties.lead')}</p>
      <QueryState query={tenancies} loadingLabel={t('loading')} retryLabel={t('retry')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('properties.none')}</p>
          ) : (
            <CardList>
              {list.map((tenancy) => (
                <Card
                  key={tenancy.tenancy_no}
                  headingId={`tenancy-${tenancy.tenancy_no}`}
                  title={placeOf(tenancy, t('house'))}
                >
                  <FactList>
                    <Fact label={t('tenancyNo')}>{tenancy.tenancy_no}</Fact>
                    <Fact label={t('tenant')}>{tenancy.tenant_name}</Fact>
                    <Fact label={t('monthlyRent')}>{formatKes(tenancy.monthly_rent_cents)}</Fact>
                    <Fact label={t('balance')} data-testid="tenancy-balance">
                      {formatKes(tenancy.balance_cents)}
                    </Fact>
                    <Fact label={t('monthsInArrears')}>{tenancy.months_in_arrears}</Fact>
                    <Fact label={t('nextOfKin.label')}>
                      {tenancy.next_of_kin ? (
                        `${tenancy.next_of_kin.name} (${t(`nextOfKin.relationships.${tenancy.next_of_kin.relationship}`, { defaultValue: tenancy.next_of_kin.relationship })})`
                      ) : (
                        <Link to="/next-of-kin">{t('nextOfKin.register')}</Link>
                      )}
                    </Fact>
                    {tenancy.credit_cents > 0 ? (
                      <Fact label={t('credit')}>{formatKes(tenancy.credit_cents)}</Fact>
                    ) : null}
                  </FactList>
                  <Statement tenancy={tenancy} />
                  <div className={styles.actions}>
                    <ButtonLink to={`/county-rent?tenancy=${encodeURIComponent(tenancy.tenancy_no)}`}>
                      {t('properties.pay')}
                    </ButtonLink>
                    <ButtonLink variant="secondary" to="/tenancy-transfer">
                      {t('properties.transfer')}
                    </ButtonLink>
                    <Button variant="secondary" onClick={() => window.print()}>
                      {t('properties.print')}
                    </Button>
                  </div>
                </Card>
              ))}
            </CardList>
          )
        }
      </QueryState>
      <WaitingLists />
    </div>
  );
}
