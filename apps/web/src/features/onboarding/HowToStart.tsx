import { Button, CloseButton, Group, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@vitrine/core';
import { tour, useHowToStartDismissed } from './tour';
import { holds } from '../../lib/permissions';

const TIPS = ['screens', 'networks', 'planning', 'filtering', 'dashboard'] as const;

/**
 * How to start: the first-run onboarding on the dashboard of people who set screens up, until they
 * dismiss it (the tour stays in the help menu).
 */
export function HowToStart({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const dismissed = useHowToStartDismissed(info.user.id);
  if (dismissed || !holds(info, 'point.create')) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="how-to-start">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4" id="how-to-start">
          {t('tour.title')}
        </Title>
        <CloseButton aria-label={t('tour.dismiss')} onClick={() => tour.dismiss(info.user.id)} />
      </Group>
      <List size="sm" mt="xs" spacing={4}>
        {TIPS.map((tip) => (
          <List.Item key={tip}>
            <Text span size="sm" fw={600}>
              {t(`tour.steps.${tip}.title`)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group mt="sm">
        <Button size="xs" onClick={() => tour.open()}>
          {t('tour.take')}
        </Button>
      </Group>
    </Paper>
  );
}
