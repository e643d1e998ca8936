import { Menu } from '@mantine/core';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeSession, useCompleteSignIn } from '../auth';
import { switchCabinet, useMyCabinets } from './access.api';

/**
 * The account menu's cabinets (spec §2 'cabinets'): shown when a person works in more than one. Choosing
 * one gets a token pair for it and starts afresh there, so nothing of the other cabinet stays on screen.
 */
export function CabinetSwitch() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const complete = useCompleteSignIn();
  const { data } = useMyCabinets();
  if (!data || data.cabinets.length < 2) return null;
  const choose = async (id: number) => {
    const pair = await switchCabinet(id);
    await changeSession(client, pair, () => complete(pair, undefined));
  };
  return (
    <>
      <Menu.Label>{t('shared.cabinets')}</Menu.Label>
      {data.cabinets.map((cabinet) => {
        const current = cabinet.id === data.current;
        return (
          <Menu.Item
            key={cabinet.id}
            leftSection={current ? <IconCheck size={16} /> : <IconBuildingStore size={16} />}
            aria-current={current ? 'true' : undefined}
            disabled={current}
            onClick={() => void choose(cabinet.id)}
          >
            {cabinet.name} · {t(`roles.${cabinet.role}`)}
          </Menu.Item>
        );
      })}
      <Menu.Divider />
    </>
  );
}
