import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../lib/confirm';
import { usePermissions } from '../../lib/permissions';
import { usePointActions, type PointCommand } from './points.api';

/**
 * The commands a role may send to chosen screens (or one screen's row), as menu items: reload, upgrade,
 * restart, reboot, screenshot, and stopping or starting the broadcast after a confirmation.
 */
export function useScreenCommands() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const has = usePermissions();
  const actions = usePointActions();
  const command = (path: PointCommand, which: number[]) => actions.command.mutate({ path, ids: which });
  const broadcast = async (which: number[], stop: boolean) => {
    if (!(await confirm(t(stop ? 'points.confirmStop' : 'points.confirmStart')))) return;
    actions.broadcast.mutate({ ids: which, stop });
  };

  return (which: number[]) => (
    <>
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-reload', which)}>{t('points.commands.reload')}</Menu.Item>
      )}
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-update-app', which)}>
          {t('points.commands.upgrade')}
        </Menu.Item>
      )}
      {has('point.reload') && (
        <Menu.Item onClick={() => command('send-restart-app', which)}>
          {t('points.commands.restart')}
        </Menu.Item>
      )}
      {has('point.reboot') && (
        <Menu.Item onClick={() => command('send-reboot', which)}>{t('points.commands.reboot')}</Menu.Item>
      )}
      {has('point.screenshot') && (
        <Menu.Item onClick={() => command('ajax-get-point-screen', which)}>
          {t('points.commands.screenshot')}
        </Menu.Item>
      )}
      {has('point.patch') && (
        <>
          <Menu.Item onClick={() => void broadcast(which, true)}>{t('points.commands.stop')}</Menu.Item>
          <Menu.Item onClick={() => void broadcast(which, false)}>{t('points.commands.start')}</Menu.Item>
        </>
      )}
    </>
  );
}
