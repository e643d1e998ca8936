import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminTariffs, type Tariff } from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { useTariffName } from '../funds';
import { setDefaultTariff } from './admin.api';

/** The installation's tariff for new cabinets (an owner created without one, a registration). */
export function DefaultTariff({ tariffs }: { tariffs: AdminTariffs }) {
  const { t } = useTranslation();
  const name = useTariffName();
  const client = useQueryClient();
  const choose = (tariff: string | null) => {
    if (!tariff || tariff === tariffs.defaultTariff) return;
    setDefaultTariff(tariff as Tariff).then(
      () => client.invalidateQueries({ queryKey: areaKey(adminApi.tariffs) }),
      () => undefined,
    );
  };
  return (
    <Select
      label={t('tariffAdmin.defaultTariff')}
      description={t('tariffAdmin.defaultTariffHint')}
      data={tariffs.plans.map((p) => ({ value: p.id, label: name(p.id) }))}
      value={tariffs.defaultTariff}
      allowDeselect={false}
      maw={360}
      onChange={choose}
    />
  );
}
