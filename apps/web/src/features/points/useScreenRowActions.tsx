import type { ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../lib/confirm';
import { usePermissions } from '../../lib/permissions';
import { usePointActions } from './points.api';

/**
 * Removing screens (after a confirmation; spec §4: removing a point resets the list view, `onReset`), and a
 * row's menu: its commands, copy, remove.
 */
export function useScreenRowActions(
  commandItems: (ids: number[]) => ReactNode,
  onRemoved: () => void,
  onReset: () => void,
) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const has = usePermissions();
  const actions = usePointActions();
  const remove = async (which: number[]) => {
    if (!(await confirm())) return;
    actions.remove.mutate(which, { onSuccess: onRemoved });
    onReset();
  };
  const rowItems = (id: number) => (
    <>
      {commandItems([id])}
      {has('point.create') && (
        <Menu.Item onClick={() => actions.copy.mutate(id)}>{t('points.copy')}</Menu.Item>
      )}
      {has('point.remove') && (
        <Menu.Item color="red" onClick={() => void remove([id])}>
          {t('points.remove')}
        </Menu.Item>
      )}
    </>
  );
  return { remove, rowItems };
}
