import type { Bill } from '@kaunti/contract/api-bills';
import { formatAmount, formatKes } from '@kaunti/contract/money';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import { QueryState } from '../../ui/query-state/query-state';
import { StackedTable } from '../../ui/stacked-table/stacked-table';
import styles from './estates.module.css';
import { placeOf, useTenancies } from './tenancies';

const MONTHS_AHEAD = Array.from({ length: 13 }, (_, i) => i);

/**
 * /county-rent: pay the rent of a tenancy — the balance, or months ahead too — by M-Pesa. The
 * bill (`POST /api/estates/tenancies/{tenancy_no}/bill` with `{ months }`) names the tenancy and
 * the months it settles; "Pay now" takes it to the payment page like any other bill.
 */
export function CountyRentPage() {
  const { t } = useTranslation('estates');
  const translate = useMessageTranslation();
  const [params] = useSearchParams();
  const tenancies = useTenancies();
  const [chosen, setChosen] = useState<string | null>(params.get('tenancy'));
  const [months, setMonths] = useState(0);
  const request = useMutation({
    mutationFn: (input: { tenancyNo: string; months: number }) =>
      api<Bill>(`/api/estates/tenancies/${encodeURIComponent(input.tenancyNo)}/bill`, {
        method: 'POST',
        body: { months: input.months },
      }),
  });

  return (
    <div className={styles.page}>
      <p className={styles.lead}>{t('rent.lead')}</p>
      <QueryState query={tenancies} loadingLabel={t('loading')} retryLabel={t('retry')}>
        {(list) => {
          if (list.length === 0) return <p>{t('properties.none')}</p>;
          const tenancy = list.find((x) => x.tenancy_no === chosen) ?? list[0]!;
          return (
            <form
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                request.mutate({ tenancyNo: tenancy.tenancy_no, months });
              }}
            >
              <div className={styles.field}>
                <label htmlFor="rent-tenancy">{t('rent.tenancy')}</label>
                <select
                  id="rent-tenancy"
                  value={tenancy.tenancy_no}
                  onChange={(event) => setChosen(event.target.value)}
                >
                  {list.map((x) => (
                    <option key={x.tenancy_no} value={x.tenancy_no}>
                      {`${x.tenancy_no} — ${placeOf(x, t('house'))}`}
                    </option>
                  ))}
                </select>
              </div>
              <p data-testid="rent-balance">
                {t('rent.balanceIs', {
                  balance: formatKes(tenancy.balance_cents),
                  months: tenancy.months_in_arrears,
                })}
              </p>
              <div className={styles.field}>
                <label htmlFor="rent-months">{t('rent.monthsAhead')}</label>
                <span id="rent-months-hint" className={styles.hint}>
                  {t('rent.monthsAheadHint', { rent: formatKes(tenancy.monthly_rent_cents) })}
                </span>
                <select
                  id="rent-months"
                  aria-describedby="rent-months-hint"
                  value={months}
                  onChange={(event) => setMonths(Number(event.target.value))}
                >
                  {MONTHS_AHEAD.map((n) => (
                    <option key={n} value={n}>
                      {n === 0 ? t('rent.balanceOnly') : t('rent.ahead', { count: n })}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit" disabled={request.isPending}>
                {t('rent.submit')}
              </Button>
            </form>
          );
        }}
      </QueryState>
      {request.isError ? (
        <Alert variant="danger">
          <p>{translate(errorText(request.error))}</p>
        </Alert>
      ) : null}
      {request.data && !request.isPending ? <RentBill bill={request.data} /> : null}
    </div>
  );
}

function RentBill({ bill }: { bill: Bill }) {
  const { t } = useTranslation('estates');
  return (
    <section className={styles.bill} aria-labelledby="rent-bill-title" data-testid="rent-bill">
      <h2 id="rent-bill-title">{t('rent.billTitle', { billNo: bill.bill_no })}</h2>
      <p>{bill.description}</p>
      <StackedTable
        caption={t('rent.lines')}
        columns={[{ label: t('rent.line') }, { label: t('rent.amount'), numeric: true }]}
        rows={bill.lines.map((line) => ({
          key: `${line.code}-${line.Description}`,
          cells: [line.Description, formatAmount(line.amount_cents)],
        }))}
        total={{ label: t('rent.total'), value: formatKes(bill.total_cents), testId: 'rent-bill-total' }}
      />
      {bill.balance_cents > 0 ? (
        <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>{t('rent.pay')}</ButtonLink>
      ) : null}
    </section>
  );
}
