import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { formatMoney } from './money';

/** Ledger entries: date, reason, amount (red out, green in), what it was for, and who made it. */
export function LedgerTable({ rows, currency }: { rows: LedgerEntry[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const columns: Column<LedgerEntry>[] = [
    {
      key: 'date',
      header: t('funds.date'),
      cell: (e) => new Date(e.createdAt).toLocaleString(i18n.language),
    },
    { key: 'reason', header: t('funds.reason'), cell: (e) => t(`funds.reasons.${e.reason}`) },
    {
      key: 'amount',
      header: t('funds.amountColumn'),
      cell: (e) => (
        <Text size="sm" c={e.amount < 0 ? 'red' : e.amount > 0 ? 'green' : undefined}>
          {formatMoney(e.amount, currency)}
        </Text>
      ),
    },
    {
      key: 'note',
      header: t('funds.note'),
      cell: (e) =>
        e.lines ? t('funds.chargeNote', { day: e.day, count: e.lines.screens }) : (e.note ?? '—'),
    },
    { key: 'actor', header: t('funds.actor'), cell: (e) => e.actor ?? '—' },
  ];
  return <DataTable rows={rows} rowKey={(e) => e.id} columns={columns} minWidth={640} />;
}
