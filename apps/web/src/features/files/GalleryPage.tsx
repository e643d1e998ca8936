import { Anchor, Group, Stack, Tabs, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GalleryBrowser } from './GalleryBrowser';
import { usePermissions } from '../../lib/permissions';

type Section = 'home' | 'stock' | 'recent' | 'favorite' | 'widget' | 'creation' | 'plugin';
const PATHS: Record<Section, string> = {
  home: '/files',
  stock: '/files/stock',
  recent: '/files/recent',
  favorite: '/files/favorite',
  widget: '/files/widget',
  creation: '/files/creation',
  plugin: '/files/plugin',
};

/** /files, /files/stock, /files/recent, /files/favorite: the Gallery (spec §2 File library). */
function GalleryPage({ section }: { section: Section }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const folderId = section === 'home' || section === 'stock' ? Number(search.folder ?? 0) || 0 : 0;
  const has = usePermissions();

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('menu.gallery')}
      </Title>
      <Group justify="space-between" wrap="wrap">
        <Tabs value={section} onChange={(value) => value && navigate({ to: PATHS[value as Section] })}>
          <Tabs.List>
            <Tabs.Tab value="home">{t('gallery.home')}</Tabs.Tab>
            <Tabs.Tab value="stock">{t('sections.filesStock')}</Tabs.Tab>
            <Tabs.Tab value="recent">{t('sections.filesRecent')}</Tabs.Tab>
            <Tabs.Tab value="favorite">{t('sections.filesFavorite')}</Tabs.Tab>
            <Tabs.Tab value="creation">{t('sections.creations')}</Tabs.Tab>
            <Tabs.Tab value="widget">{t('sections.widgets')}</Tabs.Tab>
            <Tabs.Tab value="plugin">{t('sections.plugins')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group gap="md">
          {has('creations.route') && (
            <Anchor component={Link} to="/creations" size="sm">
              {t('sections.creations')}
            </Anchor>
          )}
          {has('widgets.route') && (
            <Anchor component={Link} to="/widgets" size="sm">
              {t('sections.widgets')}
            </Anchor>
          )}
          {has('plugins.route') && (
            <Anchor component={Link} to="/plugins" size="sm">
              {t('sections.plugins')}
            </Anchor>
          )}
        </Group>
      </Group>
      <GalleryBrowser
        section={section}
        folderId={folderId}
        modes={{ noLimitHeight: true, ...(section === 'stock' ? { noCrud: true } : {}) }}
        onOpenFolder={(id) => navigate({ to: PATHS[section], search: id ? { folder: id } : {} })}
      />
    </Stack>
  );
}

export const HomeGalleryPage = () => <GalleryPage section="home" />;
export const StockGalleryPage = () => <GalleryPage section="stock" />;
export const RecentGalleryPage = () => <GalleryPage section="recent" />;
export const FavoriteGalleryPage = () => <GalleryPage section="favorite" />;
export const WidgetGalleryPage = () => <GalleryPage section="widget" />;
export const CreationGalleryPage = () => <GalleryPage section="creation" />;
export const PluginGalleryPage = () => <GalleryPage section="plugin" />;
