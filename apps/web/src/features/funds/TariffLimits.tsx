import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tariff, TariffPlan } from '@vitrine/core';

/** A tariff's name in the person's language. */
export function useTariffName() {
  const { t } = useTranslation();
  return (tariff: Tariff | string) => t(`funds.tariffNames.${tariff}`);
}

/** 'Up to {count} devices' and '{count} free slots' (spec §9). */
export function TariffLimits({ plan }: { plan: Pick<TariffPlan, 'screenLimit' | 'freeSlots'> }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {plan.screenLimit === null ? t('funds.unlimited') : t('funds.upTo', { count: plan.screenLimit })}
      {' · '}
      {t('funds.freeSlots', { count: plan.freeSlots })}
    </Text>
  );
}
