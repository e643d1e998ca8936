import { useState } from 'react';
import { Avatar, Button, Group, Menu, Text } from '@mantine/core';
import {
  IconDeviceTv,
  IconLogout,
  IconShieldLock,
  IconUser,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type PermissionKey, type UserInfo } from '@vitrine/core';
import { useBrand } from '../brand/brand';
import { useLogout } from '../features/auth/session';
import { KioskHelp } from './KioskHelp';
import { PlayerDownloads } from './PlayerDownloads';
import { LanguageSwitcher, ThemeSwitch } from './Switches';
import { HelpMenu } from './HelpMenu';
import { NoticesMenu } from './NoticesMenu';
import { holds } from '../lib/permissions';
import { CabinetSwitch } from '../features/account/CabinetSwitch';

/** Core brand only (spec §2): the native players this deployment publishes. */
function PlayerMenu() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [kiosk, setKiosk] = useState(false);
  if (!brand.isCore) return null;
  return (
    <>
      {kiosk && <KioskHelp onClose={() => setKiosk(false)} />}
      <Menu position="bottom-end" withinPortal width={320}>
        <Menu.Target>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconDeviceTv size={16} />}
            aria-label={t('player.menu')}
          >
            <Text span visibleFrom="sm" inherit>
              {t('player.menu')}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component="a" href="/player/" target="_blank" rel="noopener">
            {t('player.open')}
          </Menu.Item>
          <Menu.Item onClick={() => setKiosk(true)}>{t('player.kioskHelp')}</Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('player.downloads')}</Menu.Label>
          <PlayerDownloads brand={brand} />
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

function AccountMenu({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const has = (key: PermissionKey) => holds(info, key);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          aria-label={t('layout.accountMenu')}
          leftSection={
            <Avatar size={24} radius="xl" color="blue">
              {info.user.login.charAt(0).toUpperCase()}
            </Avatar>
          }
        >
          <Text span visibleFrom="sm" inherit>
            {info.user.login}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <CabinetSwitch />
        {has('account.route') && (
          <Menu.Item component={Link} to="/account" leftSection={<IconUser size={16} />}>
            {t('account.menuAccount')}
          </Menu.Item>
        )}
        {has('account.security') && (
          <Menu.Item component={Link} to="/account-security" leftSection={<IconShieldLock size={16} />}>
            {t('account.menuSecurity')}
          </Menu.Item>
        )}
        {has('account.members') && (
          <Menu.Item component={Link} to="/account-members" leftSection={<IconUsersGroup size={16} />}>
            {t('account.menuMembers')}
          </Menu.Item>
        )}
        {has('funds') && (
          <Menu.Item component={Link} to="/funds" leftSection={<IconWallet size={16} />}>
            {t('sections.funds')}
          </Menu.Item>
        )}
        {/* Owners share access from the members page; moderators have this page for it. */}
        {has('user.shareAccess') && !has('account.members') && (
          <Menu.Item component={Link} to="/account-access" leftSection={<IconUsersGroup size={16} />}>
            {t('account.menuAccess')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={async () => {
            await logout();
            // Spec §2: logout goes to / (which sends a signed-out person on to sign in).
            await navigate({ to: '/' });
          }}
        >
          {t('account.exit')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function TopBar({ info }: { info: UserInfo }) {
  return (
    <Group gap={4} wrap="nowrap">
      <LanguageSwitcher />
      <ThemeSwitch />
      <NoticesMenu />
      <HelpMenu />
      <PlayerMenu />
      <AccountMenu info={info} />
    </Group>
  );
}
