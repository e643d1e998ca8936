import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportTotals } from '@vitrine/core';
import { useNumbers } from './format';

/** The sums over the period as a row of figures. */
export function TotalsBar({ totals, loading }: { totals: ReportTotals | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const items: [keyof ReportTotals, string][] = totals
    ? [
        ['shows', n.int(totals.shows)],
        ['seconds', n.duration(totals.seconds)],
        ['impressions', n.dec(totals.impressions)],
        ['revenue', n.money(totals.revenue)],
        ['cost', n.money(totals.cost)],
      ]
    : [];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} component="section" aria-label={t('statistics.totals')}>
      {totals
        ? items.map(([key, value]) => (
            <Paper
              key={key}
              withBorder
              p="sm"
              radius="md"
              role="group"
              aria-label={t(`statistics.columns.${key}`)}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} aria-hidden>
                {t(`statistics.columns.${key}`)}
              </Text>
              <Text fz={22} fw={700} data-testid={`total-${key}`}>
                {value}
              </Text>
            </Paper>
          ))
        : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={66} radius="md" visible={loading} />)}
    </SimpleGrid>
  );
}
