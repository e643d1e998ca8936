import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { formatMoney } from './money';
import { useTariffName } from './TariffLimits';

/** What an entry was for: a charge's day and screens, the terms a change changed, and its note. */
function EntryNote({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const name = useTariffName();
  const { terms, lines } = entry;
  const parts = [
    lines ? t('funds.chargeNote', { day: entry.day, count: lines.screens }) : null,
    terms?.tariff
      ? t('funds.changes.tariff', { from: name(terms.tariff.from), to: name(terms.tariff.to) })
      : null,
    terms?.nonCommercialPercent ? t('funds.changes.nonCommercial', terms.nonCommercialPercent) : null,
    terms?.yearlyUntil
      ? terms.yearlyUntil.to
        ? t('funds.changes.yearly', { date: terms.yearlyUntil.to })
        : t('funds.changes.yearlyEnded')
      : null,
    terms?.blocked === undefined
      ? null
      : t(terms.blocked ? 'funds.changes.blocked' : 'funds.changes.unblocked'),
    entry.note,
  ].filter((part): part is string => Boolean(part));
  return <>{parts.length > 0 ? parts.join('; ') : '—'}</>;
}

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
      cell: (e) => <EntryNote entry={e} />,
    },
    { key: 'actor', header: t('funds.actor'), cell: (e) => e.actor ?? '—' },
  ];
  return <DataTable rows={rows} rowKey={(e) => e.id} columns={columns} minWidth={640} />;
}
