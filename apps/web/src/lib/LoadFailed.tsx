import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCabinetBlocked } from './permissions';

/** "Could not be loaded": unsaid in a blocked cabinet, whose refusals the layout's banner explains once. */
export function LoadFailed({ children }: { children: ReactNode }) {
  return useCabinetBlocked() ? null : <Text c="dimmed">{children}</Text>;
}
