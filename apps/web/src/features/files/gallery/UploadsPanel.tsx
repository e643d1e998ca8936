import { ActionIcon, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconReload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/messages';
import { uploadQueue, useUploads } from '../uploads';

/** The uploads under way and finished, with their progress, pause, resume and retry. */
export function UploadsPanel() {
  const { t } = useTranslation();
  const tasks = useUploads();
  if (tasks.length === 0) return null;
  return (
    <Card withBorder padding="sm" aria-label={t('gallery.uploads')} component="section">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('gallery.uploads')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => uploadQueue.clearFinished()}>
          {t('gallery.clearFinished')}
        </Button>
      </Group>
      <Stack gap="xs">
        {tasks.map((task) => (
          <div key={task.id} data-testid="upload-task" data-state={task.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {task.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c={task.state === 'failed' ? 'red' : 'dimmed'}>
                  {task.state === 'failed'
                    ? translateError(task.error ?? {})
                    : task.duplicate
                      ? t('uploader.alreadyUploaded')
                      : t(`gallery.state.${task.state}`)}
                </Text>
                {task.state === 'uploading' && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('gallery.pause', { name: task.name })}
                    onClick={() => uploadQueue.pause(task.id)}
                  >
                    <IconPlayerPause size={14} />
                  </ActionIcon>
                )}
                {task.state === 'paused' && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('gallery.resume', { name: task.name })}
                    onClick={() => uploadQueue.resume(task.id)}
                  >
                    <IconPlayerPlay size={14} />
                  </ActionIcon>
                )}
                {task.state === 'failed' && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={t('gallery.retry', { name: task.name })}
                    onClick={() => uploadQueue.retry(task.id)}
                  >
                    <IconReload size={14} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
            <Progress
              value={task.progress}
              size="sm"
              color={task.state === 'failed' ? 'red' : undefined}
              aria-label={t('gallery.progress', { name: task.name })}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
