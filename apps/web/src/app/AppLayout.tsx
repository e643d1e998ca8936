import { AppShell, Avatar, Box, Burger, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWER_OPEN_MIN_WIDTH } from '@vitrine/core';
import { useBrand } from '../brand/brand';
import { useUserInfo } from '../features/auth/session';
import { Tour } from '../features/onboarding/Tour';
import { BlockedBanner } from './BlockedBanner';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

const wide = `(min-width: ${DRAWER_OPEN_MIN_WIDTH + 1}px)`;

/**
 * The cabinet frame: top bar, side menu (open by default above 1256 px, spec §2), profile block, page (the
 * route's, or `children`: the 404 page keeps the frame for a signed-in person).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { data: info } = useUserInfo();
  const isWide = useMediaQuery(wide, window.matchMedia(wide).matches, { getInitialValueInEffect: false });
  const [opened, { toggle, close, open }] = useDisclosure(isWide);
  const path = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => (isWide ? open() : close()), [isWide, open, close]);
  // On a narrow window the menu is a drawer: following a link closes it.
  useEffect(() => {
    if (!isWide) close();
  }, [path, isWide, close]);

  if (!info) return null;
  const { user } = info;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: 260,
        breakpoint: DRAWER_OPEN_MIN_WIDTH,
        collapsed: { mobile: !opened, desktop: !opened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('layout.toggleMenu')} />
            <img src={brand.logoUrl} alt="" width={28} height={28} />
            <Text fw={700} visibleFrom="xs">
              {brand.title}
            </Text>
          </Group>
          <TopBar info={info} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('layout.menu')}>
        <AppShell.Section grow component={ScrollArea} p="xs">
          <SideMenu scope={info.scope} />
        </AppShell.Section>
        <AppShell.Section p="md" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <Group gap="sm" wrap="nowrap" data-testid="profile">
            <Avatar color="blue" radius="xl" aria-hidden>
              {user.login.charAt(0).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {user.login}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`roles.${user.role}`)}
              </Text>
            </Stack>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>
      <Tour info={info} />
      {/* AppShell.Main is the page's one <main> landmark. */}
      <AppShell.Main>
        <Box maw={1400}>
          <BlockedBanner info={info} />
          {children ?? <Outlet />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
