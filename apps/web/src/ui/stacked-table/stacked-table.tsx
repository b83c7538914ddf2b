import type { ReactNode } from 'react';
import styles from './stacked-table.module.css';

export interface StackedColumn {
  label: string;
  /** An amount: right-aligned, tabular figures, never wrapped. */
  numeric?: boolean;
}

export interface StackedRow {
  key: string;
  cells: ReactNode[];
}

/**
 * A table of amounts (a rent statement, a bill's lines) that stacks on a phone: at 560 px and
 * below each row becomes label / value pairs (its column names from `data-label`), so nothing
 * scrolls sideways at 360 px. The first column heads its row when `rowHeader` is set (a month);
 * a `total` row closes it.
 */
export function StackedTable({
  caption,
  columns,
  rows,
  rowHeader = false,
  total,
}: {
  caption: string;
  columns: readonly StackedColumn[];
  rows: readonly StackedRow[];
  rowHeader?: boolean;
  total?: { label: string; value: ReactNode; testId?: string };
}) {
  const numeric = (i: number) => (columns[i]?.numeric ? styles.number : undefined);
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={column.label} scope="col" className={numeric(i)}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => {
              const label = columns[i]?.label;
              return i === 0 && rowHeader ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <th key={i} scope="row" data-label={label} className={numeric(i)}>
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                <td key={i} data-label={label} className={numeric(i)}>
                  {cell}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {total ? (
        <tfoot>
          <tr>
            <th scope="row">{total.label}</th>
            <td className={styles.number} data-testid={total.testId}>
              {total.value}
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
