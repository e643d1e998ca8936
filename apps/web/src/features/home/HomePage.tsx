import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLogout, useUserInfo } from '../auth/session';

export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data } = useUserInfo();
  if (!data) return null;
  return (
    <Container component="main" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>{t('app.title')}</Title>
          <Button
            variant="light"
            onClick={async () => {
              await logout();
              await navigate({ to: '/login' });
            }}
          >
            {t('home.logout')}
          </Button>
        </Group>
        <Text>{t('home.signedInAs', { login: data.user.login })}</Text>
        <Text>{t('home.role', { role: t(`roles.${data.user.role}`) })}</Text>
        <Text c="dimmed">{t('home.comingSoon')}</Text>
      </Stack>
    </Container>
  );
}
