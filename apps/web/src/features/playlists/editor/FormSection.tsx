import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** One part of the playlist form: a titled region (its title is its accessible name). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}
