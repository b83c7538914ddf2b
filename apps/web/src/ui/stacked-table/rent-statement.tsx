import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatAmount } from '@kaunti/contract/money';
import { useTranslation } from '../../lib/translator';
import { StackedTable } from './stacked-table';

/** One month of a standing charge's statement (a tenancy's rent, a stall's), as the API answers it. */
export interface StatementMonthRow {
  period: string;
  charge_cents: number;
  penalty_cents: number;
  paid_cents: number;
}

/** "2026-09-01" → "September 2026" / "Septemba 2026" (the display date without its day). */
function monthOf(period: string, language: string): string {
  return formatDisplayDate(period, language).split(' ').slice(1).join(' ');
}

/**
 * A rent statement, month by month: the rent, the late penalty and what is paid, or the
 * namespace's `statement.empty` before the first month is charged. Its words are the namespace's
 * `statement.*` texts (estates, stalls), so each area says "tenancy" or "stall" in its caption.
 */
export function RentStatement({
  ns,
  caption,
  months,
}: {
  ns: string;
  caption: string;
  months: readonly StatementMonthRow[];
}) {
  const { t, i18n } = useTranslation(ns);
  if (months.length === 0) return <p>{t('statement.empty')}</p>;
  return (
    <StackedTable
      caption={caption}
      rowHeader
      columns={[
        { label: t('statement.month') },
        { label: t('statement.rent'), numeric: true },
        { label: t('statement.penalty'), numeric: true },
        { label: t('statement.paid'), numeric: true },
      ]}
      rows={months.map((month) => ({
        key: month.period,
        cells: [
          monthOf(month.period, i18n.language),
          formatAmount(month.charge_cents),
          formatAmount(month.penalty_cents),
          formatAmount(month.paid_cents),
        ],
      }))}
    />
  );
}
