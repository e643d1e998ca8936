import { useCallback, useRef } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import {
  IconBook,
  IconChartBar,
  IconDeviceDesktop,
  IconHome,
  IconPhoto,
  IconPlaylist,
  IconSettings,
  IconShare,
  IconSpeakerphone,
  IconTopologyStar3,
  IconUsers,
  IconEye,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { buildMenu, type MenuItem } from '@vitrine/core';
import { useBrand } from '../brand/brand';
import { usePrefetchInView } from '../lib/timing';

const ICONS: Record<string, typeof IconHome> = {
  dashboard: IconHome,
  equipment: IconDeviceDesktop,
  nets: IconTopologyStar3,
  gallery: IconPhoto,
  playlists: IconPlaylist,
  report: IconChartBar,
  ssp: IconSpeakerphone,
  impressions: IconEye,
  users: IconUsers,
  admin: IconSettings,
  knowledgeBase: IconBook,
};

const labelKey = (item: MenuItem) =>
  item.id.startsWith('point-') ? `pointTabs.${item.id.slice(6)}` : `menu.${item.id}`;

/** One entry of the menu: an external link, a group with its children, or a page's link. */
function MenuEntry({
  item,
  path,
  isActive,
}: {
  item: MenuItem;
  path: string;
  isActive: (to: string) => boolean;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[item.id] ?? IconShare;
  const icon = <Icon size={18} stroke={1.6} aria-hidden />;
  if (item.external) {
    return (
      <NavLink
        component="a"
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        label={t(labelKey(item))}
        leftSection={icon}
      />
    );
  }
  if (item.children?.length) {
    return (
      <NavLink
        label={t(labelKey(item))}
        leftSection={icon}
        defaultOpened
        childrenOffset={28}
        active={item.children.some((c) => isActive(c.to))}
        variant="subtle"
      >
        {item.children.map((child) => (
          <NavLink
            key={child.id}
            component={Link}
            to={child.to}
            data-prefetch={child.to}
            label={t(labelKey(child))}
            active={path === child.to}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      data-prefetch={item.to}
      label={t(labelKey(item))}
      leftSection={icon}
      active={isActive(item.to)}
    />
  );
}

/** The side menu of spec §2, filtered by the caller's scope; on a point page Equipment shows its tabs. */
export function SideMenu({ scope }: { scope: string[] }) {
  const brand = useBrand();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const pointId = useMatches({
    select: (matches) => {
      const match = matches.find((m) => m.routeId.startsWith('/app/point/') && 'id' in (m.params as object));
      return match ? (match.params as { id: string }).id : undefined;
    },
  });
  const items = buildMenu({
    scope,
    isCoreBrand: brand.isCore,
    knowledgeBaseUrl: brand.knowledgeBaseUrl,
    ...(pointId !== undefined ? { pointId } : {}),
  });
  // The menu's pages are fetched ahead as their links come into view (spec §9).
  const router = useRouter();
  const box = useRef<HTMLDivElement>(null);
  const preload = useCallback(
    (to: string) => router.preloadRoute({ to } as Parameters<typeof router.preloadRoute>[0]),
    [router],
  );
  usePrefetchInView(box, preload, items.map((item) => item.to).join() + (pointId ?? ''));
  const isActive = (to: string) => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`));

  return (
    <div ref={box}>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} path={path} isActive={isActive} />
      ))}
    </div>
  );
}
