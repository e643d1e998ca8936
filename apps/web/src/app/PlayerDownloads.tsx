import { Fragment } from 'react';
import { Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAYER_PLATFORMS, formatSize, type BrandConfig } from '@vitrine/core';

/**
 * The Player menu's downloads (docs/players.md): a player this server built links to its file with its
 * version and size, its SHA-256 written under it to check the download against; an address the deployment
 * configured is a plain link; a platform with neither is not published yet.
 */
export function PlayerDownloads({ brand }: { brand: BrandConfig }) {
  const { t } = useTranslation();
  return PLAYER_PLATFORMS.map((platform) => {
    const url = brand.playerDownloads[platform];
    const file = brand.playerFiles[platform];
    if (!url) {
      return (
        <Menu.Item key={platform} disabled>
          {t(`player.${platform}`)} · {t('player.notPublished')}
        </Menu.Item>
      );
    }
    const hashId = `player-sha256-${platform}`;
    return (
      <Fragment key={platform}>
        <Menu.Item
          component="a"
          href={url}
          download={file?.file ?? true}
          data-testid={`player-download-${platform}`}
          aria-describedby={file ? hashId : undefined}
          rightSection={
            file ? (
              <Text size="xs" c="dimmed">
                {t('nativePlayer.versionSize', { version: file.version, size: formatSize(file.size) })}
              </Text>
            ) : undefined
          }
        >
          {t(`player.${platform}`)}
        </Menu.Item>
        {file && (
          <Text
            id={hashId}
            data-testid={hashId}
            size="xs"
            c="dimmed"
            ff="monospace"
            px="sm"
            pb={6}
            style={{ wordBreak: 'break-all', userSelect: 'all' }}
          >
            {t('nativePlayer.sha256', { sha256: file.sha256 })}
          </Text>
        )}
      </Fragment>
    );
  });
}
