import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SspReconciliation } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { SspPager } from './SspPager';
import { Figures, when, type useSspPage } from './SspShared';
import { useSspReconciliation, type SspRange } from './ssp.api';

type Row = SspReconciliation['data'][number];
type Measure = 'shows' | 'impressions' | 'revenue';
const MEASURES: Measure[] = ['shows', 'impressions', 'revenue'];

/** A gap: zero is plain, any other value is marked and signed ('+3', '−0.5'). */
function Gap({ value }: { value: number | string }) {
  const n = Number(value);
  if (n === 0) return <Text size="sm">0</Text>;
  return (
    <Text size="sm" c="red" fw={600}>
      {n > 0 ? `+${value}` : String(value).replace('-', '−')}
    </Text>
  );
}

/**
 * Our plays, impressions and revenue beside what each supplier reported, by hour and supplier, with the
 * difference (theirs minus ours) marked where it is not zero; an hour the supplier has not reported says so.
 */
export function SspReconciliationView({
  range,
  paging,
}: {
  range: SspRange;
  paging: ReturnType<typeof useSspPage>['paging'];
}) {
  const { t, i18n } = useTranslation();
  const { data } = useSspReconciliation(range, paging.page, paging.limit);
  const columns: Column<Row>[] = [
    { key: 'datetime', header: t('ssp.hourUtc'), nowrap: true, cell: (r) => when(r.datetime, i18n.language) },
    { key: 'supplier', header: t('ssp.supplier'), cell: (r) => r.supplier },
    ...MEASURES.flatMap((m): Column<Row>[] => [
      {
        key: `ours-${m}`,
        header: t('ssp.ours', { measure: t(`ssp.${m}`) }),
        align: 'right',
        cell: (r) => r.ours[m],
      },
      {
        key: `theirs-${m}`,
        header: t('ssp.theirs', { measure: t(`ssp.${m}`) }),
        align: 'right',
        cell: (r) =>
          r.theirs ? (
            r.theirs[m]
          ) : (
            <Text size="sm" c="dimmed">
              {t('ssp.notReported')}
            </Text>
          ),
      },
      {
        key: `difference-${m}`,
        header: t('ssp.difference', { measure: t(`ssp.${m}`) }),
        align: 'right',
        cell: (r) => <Gap value={r.difference[m]} />,
      },
    ]),
  ];
  if (!data) return <Loader />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('ssp.reconciliationHint')}
      </Text>
      {(['ours', 'theirs', 'difference'] as const).map((side) => (
        <Figures
          key={side}
          label={t(`ssp.totalsOf.${side}`)}
          items={MEASURES.map((m) => ({
            label: t(side === 'ours' ? 'ssp.ours' : side === 'theirs' ? 'ssp.theirs' : 'ssp.difference', {
              measure: t(`ssp.${m}`),
            }),
            value: String(data.totals[side][m]),
          }))}
        />
      ))}
      <DataTable
        rows={data.data}
        rowKey={(r) => Date.parse(r.datetime) * 10_000 + (r.supplierId ?? 0)}
        columns={columns}
        label={t('ssp.reconciliation')}
        minWidth={1200}
        empty={<Text>{t('ssp.emptyReconciliation')}</Text>}
      />
      <SspPager total={data.total} {...paging} />
    </Stack>
  );
}
