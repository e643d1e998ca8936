import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A section whose own release has not landed: its title and an honest empty state, no invented data. */
export function SectionPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Paper withBorder p="xl" radius="md">
        <Stack gap={4} align="center">
          <Text fw={500}>{t('sections.emptyTitle')}</Text>
          <Text c="dimmed" size="sm" ta="center">
            {t('sections.emptyText')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
