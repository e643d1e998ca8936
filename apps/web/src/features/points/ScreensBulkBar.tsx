import type { ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../lib/list/ListKit';
import { usePermissions } from '../../lib/permissions';

/** What can be done to the chosen screens: commands, their settings at once, removal. */
export function ScreensBulkBar({
  chosen,
  commandItems,
  onEdit,
  onRemove,
}: {
  chosen: number[];
  commandItems: (ids: number[]) => ReactNode;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const has = usePermissions();
  return (
    <Group>
      <BulkBar count={chosen.length} label={t('points.selected', { count: chosen.length })}>
        <Menu withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light">
              {t('points.commandsFor', { count: chosen.length })}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>{commandItems(chosen)}</Menu.Dropdown>
        </Menu>
      </BulkBar>
      {has('point.patch') && (
        <Button size="xs" variant="light" leftSection={<IconAdjustments size={14} />} onClick={onEdit}>
          {t('points.bulk.edit')}
        </Button>
      )}
      {chosen.length > 0 && has('point.remove') && (
        <Button size="xs" color="red" variant="light" onClick={onRemove}>
          {t('points.remove')}
        </Button>
      )}
    </Group>
  );
}
