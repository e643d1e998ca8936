import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@vitrine/core';
import { cabinetBlockedSignal } from '../api/client';
import { USER_INFO_KEY } from '../features/auth/session';

/**
 * A blocked cabinet says so once, above every page, with the way out: its owner's funds page (where the
 * reason and the top-up are), or the owner for members who cannot open it. A refusal met while the banner
 * is not shown yet (the admin blocked the cabinet a moment ago) reloads who the person is, so it appears.
 */
export function BlockedBanner({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const blocked = Boolean(info.cabinetBlocked);
  const onFunds = useRouterState({ select: (s) => /\/funds\/?$/.test(s.location.pathname) });
  useEffect(() => {
    if (blocked) return;
    const reload = () => void client.invalidateQueries({ queryKey: USER_INFO_KEY });
    cabinetBlockedSignal.addEventListener('blocked', reload);
    return () => cabinetBlockedSignal.removeEventListener('blocked', reload);
  }, [client, blocked]);
  if (!blocked) return null;
  return (
    <Alert
      color="red"
      mb="md"
      role="alert"
      icon={<IconLock size={18} aria-hidden />}
      title={t('blocked.title')}
      data-testid="cabinet-blocked"
    >
      <Text size="sm">{t('blocked.text')}</Text>
      {!onFunds && (
        <Text size="sm" mt={4}>
          {info.scope.includes('funds') ? (
            <Anchor component={Link} to="/funds" fw={600}>
              {t('blocked.toFunds')}
            </Anchor>
          ) : (
            t('blocked.askOwner')
          )}
        </Text>
      )}
    </Alert>
  );
}
