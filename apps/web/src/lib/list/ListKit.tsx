import { useEffect, useState, type ReactNode } from 'react';
import { Group, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetchDelayed } from '../timing';

/** A list page's head: its one h1 and the page's main action. */
export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}

/**
 * The list's search box: typing is shown at once, the list (and the address) follow spec §9's fetch delay (200 ms)
 * after the last key. A value from the address (back, a link) replaces what is typed.
 */
export function SearchFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const debounced = useFetchDelayed(text.trim());
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only the typing drives this; the address drives the next effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    setText((typed) => (typed.trim() === value ? typed : value));
  }, [value]);
  return (
    <TextInput
      label={t('common.search')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
    />
  );
}

/** What stands above the table while rows are chosen: how many, and what can be done with them. */
export function BulkBar({ count, label, children }: { count: number; label: string; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Group>
      <Text size="sm">{label}</Text>
      {children}
    </Group>
  );
}
