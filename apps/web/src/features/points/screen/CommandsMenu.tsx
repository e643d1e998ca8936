import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';
import { useConfirm } from '../../../lib/confirm';
import { usePointActions, type PointCommand } from '../points.api';

import { useHas } from './shared';

/** Commands of spec §4 for one screen; broadcast stop and start are confirmed first. */
export function CommandsMenu({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const confirm = useConfirm();
  const actions = usePointActions();
  const run = (path: PointCommand) => actions.command.mutate({ path, ids: [point.id] });
  const broadcast = async (stop: boolean) => {
    if (!(await confirm(t(stop ? 'points.confirmStop' : 'points.confirmStart')))) return;
    actions.broadcast.mutate({ ids: [point.id], stop });
  };
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <Button variant="default">{t('points.commandsTitle')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {has('point.get') && (
          // The web player plays what this screen plays, with this session (spec §7: /player/?id=).
          <Menu.Item component="a" href={`/player/?id=${point.id}`} target="_blank" rel="noopener">
            {t('points.commands.preview')}
          </Menu.Item>
        )}
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-reload')}>{t('points.commands.reload')}</Menu.Item>
        )}
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-update-app')}>{t('points.commands.upgrade')}</Menu.Item>
        )}
        {has('point.reload') && (
          <Menu.Item onClick={() => run('send-restart-app')}>{t('points.commands.restart')}</Menu.Item>
        )}
        {has('point.reboot') && (
          <Menu.Item onClick={() => run('send-reboot')}>{t('points.commands.reboot')}</Menu.Item>
        )}
        {has('point.reboot') && (
          <Menu.Item onClick={() => run('send-terminal')}>{t('points.commands.terminal')}</Menu.Item>
        )}
        {has('point.patch') &&
          (point.isStoped ? (
            <Menu.Item onClick={() => void broadcast(false)}>{t('points.commands.start')}</Menu.Item>
          ) : (
            <Menu.Item onClick={() => void broadcast(true)}>{t('points.commands.stop')}</Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The latest screenshot, asked for on demand; it refreshes itself when the player sends one. */
