import type { ReactNode } from 'react';
import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand';
import { LanguageSwitcher, ThemeSwitch } from '../../app/Switches';

/** The frame of the sign-in pages: brand, title, language and theme switches, the form, the support e-mail. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={420} gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <img src={brand.logoUrl} alt="" width={28} height={28} />
            <Text fw={700}>{brand.title}</Text>
          </Group>
          <Group gap={4}>
            <LanguageSwitcher />
            <ThemeSwitch />
          </Group>
        </Group>
        <Paper component="main" withBorder shadow="sm" p="xl" radius="md">
          <Stack>
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {t(brand.isCore ? 'brand.coreSlogan' : 'brand.modernSlogan')}
              </Text>
            </div>
            {children}
          </Stack>
        </Paper>
        {brand.supportEmail && (
          <Text size="sm" c="dimmed" ta="center">
            <Anchor href={`mailto:${brand.supportEmail}`} inherit>
              {t('help.needHelp', { email: brand.supportEmail })}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Center>
  );
}
