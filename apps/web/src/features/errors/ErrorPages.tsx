import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadForChunkError } from '../../app/chunkReload';

/** Spec §2, §8: '404 Not Found' / 'This page could not be found', with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{t('errors.notFoundTitle')}</Title>
        <Text>{t('errors.notFoundText')}</Text>
        <Anchor component={Link} to="/">
          {t('errors.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}

/** Any other page error: 'An error occurred'. A failed chunk load reloads once per 60 s instead. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  // Unhandled UI errors are only logged (spec §8).
  // eslint-disable-next-line no-console
  console.error(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{t('errors.errorTitle')}</Title>
        <Anchor component={Link} to="/">
          {t('errors.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}
