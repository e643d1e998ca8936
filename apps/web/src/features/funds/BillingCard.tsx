import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@vitrine/core';
import { formatMoney } from './money';
import { useTariffName } from './TariffLimits';
import { useRunwayText } from './runway';

/** The dashboard's billing stats (spec §3): balance, runway, tariff, screens against its limit. */
export function BillingCard({ billing }: { billing: NonNullable<Dashboard['billing']> }) {
  const { t } = useTranslation();
  const runway = useRunwayText();
  const name = useTariffName();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-billing">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h5" id="dashboard-billing">
          <Anchor component={Link} to="/funds" c="inherit">
            {t('sections.funds')}
          </Anchor>
        </Title>
        <Text fz={28} fw={700} lh={1}>
          {formatMoney(billing.balance, billing.currency)}
        </Text>
      </Group>
      <Stack gap={4}>
        <Text size="sm">{runway(billing.runwayDays)}</Text>
        <Group gap="xs">
          <Badge variant="light">{name(billing.tariff)}</Badge>
          {billing.state !== 'active' && <Badge color="red">{t(`funds.states.${billing.state}`)}</Badge>}
        </Group>
        <Text size="sm">
          {billing.screenLimit === null
            ? t('funds.screensUnlimited', { count: billing.screens })
            : t('funds.screensOf', { count: billing.screens, limit: billing.screenLimit })}
        </Text>
      </Stack>
    </Paper>
  );
}
