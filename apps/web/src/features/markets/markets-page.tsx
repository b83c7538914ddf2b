import type { Bill } from '@kaunti/contract/api-bills';
import type { Stall } from '@kaunti/contract/api-markets';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatAmount, formatKes } from '@kaunti/contract/money';
import { type ReactNode, useId, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { QueryState } from '../../ui/query-state/query-state';
import { RentStatement } from '../../ui/stacked-table/rent-statement';
import { StackedTable } from '../../ui/stacked-table/stacked-table';
import styles from './markets.module.css';
import { useRentBill, useStall, useStalls } from './stalls';

const MONTHS_AHEAD = Array.from({ length: 13 }, (_, i) => i);

/** A stall's rent statement: month by month, the rent, the late penalty and what is paid. */
function Statement({ stall }: { stall: Stall }) {
  const { t } = useTranslation('stalls');
  const detail = useStall(stall.stall_no);
  return (
    <QueryState query={detail} loadingLabel={t('statement.loading')}>
      {(data) => (
        <RentStatement
          ns="stalls"
          caption={t('statement.caption', { stallNo: stall.stall_no })}
          months={data.statement}
        />
      )}
    </QueryState>
  );
}

/** Paying a stall's rent: the balance, or months ahead too, as one bill paid by M-Pesa. */
function PayRent({ stall }: { stall: Stall }) {
  const { t } = useTranslation('stalls');
  const translate = useMessageTranslation();
  const id = useId();
  const [months, setMonths] = useState(stall.balance_cents > 0 ? 0 : 1);
  const request = useRentBill(stall.stall_no);
  return (
    <>
      <form
        className={styles.form}
        aria-label={t('pay.formLabel', { stallNo: stall.stall_no })}
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate(months);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={`${id}-months`}>{t('pay.monthsAhead')}</label>
          <span id={`${id}-hint`} className={styles.hint}>
            {t('pay.monthsAheadHint', { rent: formatKes(stall.monthly_rent_cents) })}
          </span>
          <select
            id={`${id}-months`}
            aria-describedby={`${id}-hint`}
            value={months}
            onChange={(event) => setMonths(Number(event.target.value))}
          >
            {MONTHS_AHEAD.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('pay.balanceOnly') : t('pay.ahead', { count: n })}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={request.isPending}>
          {t('pay.submit')}
        </Button>
      </form>
      <div aria-live="polite">
        {request.isError ? (
          <Alert variant="danger">
            <p>{translate(errorText(request.error))}</p>
          </Alert>
        ) : null}
        {request.data && !request.isPending ? <RentBill bill={request.data} /> : null}
      </div>
    </>
  );
}

function RentBill({ bill }: { bill: Bill }) {
  const { t } = useTranslation('stalls');
  const titleId = useId();
  return (
    <section className={styles.bill} aria-labelledby={titleId} data-testid="stall-rent-bill">
      <h3 id={titleId}>{t('pay.billTitle', { billNo: bill.bill_no })}</h3>
      <StackedTable
        caption={t('pay.lines')}
        columns={[{ label: t('pay.line') }, { label: t('pay.amount'), numeric: true }]}
        rows={bill.lines.map((line) => ({
          key: `${line.code}-${line.Description}`,
          cells: [line.Description, formatAmount(line.amount_cents)],
        }))}
        total={{ label: t('pay.total'), value: formatKes(bill.total_cents) }}
      />
      {bill.balance_cents > 0 ? (
        <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>{t('pay.pay')}</ButtonLink>
      ) : null}
    </section>
  );
}

/**
 * The signed-in trader's stalls: each with its market, kind, goods, monthly rent, balance and
 * months in arrears, its rent statement, and paying the rent by M-Pesa (a bill of the balance
 * and months ahead, paid like any other bill).
 */
export function YourStalls() {
  const { t, i18n } = useTranslation('stalls');
  const stalls = useStalls();
  return (
    <section className={styles.section} aria-labelledby="your-stalls-title">
      <h2 id="your-stalls-title">{t('yours.title')}</h2>
      <QueryState query={stalls} loadingLabel={t('loading')} retryLabel={t('retry')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('yours.none')}</p>
          ) : (
            <>
              <p className={styles.lead}>{t('yours.lead')}</p>
              <CardList>
                {list.map((stall) => (
                  <Card
                    key={stall.stall_no}
                    level={3}
                    headingId={`stall-${stall.stall_no}`}
                    title={t('yours.stallTitle', { market: stall.market, stallNo: stall.stall_no })}
                  >
                    <FactList>
                      <Fact label={t('facts.stallNo')}>{stall.stall_no}</Fact>
                      <Fact label={t('facts.kind')}>{t(`kinds.${stall.stall_type}`)}</Fact>
                      <Fact label={t('facts.goods')}>{stall.goods_sold}</Fact>
                      <Fact label={t('facts.allocatedOn')}>
                        {formatDisplayDate(stall.allocated_on, i18n.language)}
                      </Fact>
                      <Fact label={t('facts.monthlyRent')}>{formatKes(stall.monthly_rent_cents)}</Fact>
                      <Fact label={t('facts.balance')} data-testid="stall-balance">
                        {formatKes(stall.balance_cents)}
                      </Fact>
                      <Fact label={t('facts.monthsInArrears')}>{stall.months_in_arrears}</Fact>
                      {stall.credit_cents > 0 ? (
                        <Fact label={t('facts.credit')}>{formatKes(stall.credit_cents)}</Fact>
                      ) : null}
                    </FactList>
                    <Statement stall={stall} />
                    <PayRent stall={stall} />
                    <div className={styles.actions}>
                      <Button variant="secondary" onClick={() => window.print()}>
                        {t('yours.print')}
                      </Button>
                    </div>
                  </Card>
                ))}
              </CardList>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * /markets: the trader's stalls (balances, statements, rent paid by M-Pesa) above the
 * application for a stall — the catalogue's wizard, given as the children.
 */
export function MarketsPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation('stalls');
  return (
    <div className={styles.page}>
      <YourStalls />
      <section aria-labelledby="apply-stall-title">
        <h2 id="apply-stall-title">{t('apply.title')}</h2>
        <p className={styles.lead}>{t('apply.lead')}</p>
        {children}
      </section>
    </div>
  );
}
