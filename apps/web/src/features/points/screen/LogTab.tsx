import { useState } from 'react';
import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Point } from '@vitrine/core';
import { usePointLog } from '../points.api';

import { Block } from './shared';

export function LogTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { data, isLoading } = usePointLog(point.id, before);
  const rows = data ?? [];
  return (
    <Block title={t('pointTabs.log')}>
      {isLoading ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('points.logEmpty')}
        </Text>
      ) : (
        <Table striped>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td w={200}>{new Date(r.at).toLocaleString()}</Table.Td>
                <Table.Td w={80}>
                  <Badge
                    size="sm"
                    color={r.level === 'error' ? 'red' : r.level === 'warn' ? 'yellow' : 'gray'}
                  >
                    {r.level}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        {before !== undefined && (
          <Button size="xs" variant="default" onClick={() => setBefore(undefined)}>
            {t('points.logNewest')}
          </Button>
        )}
        {rows.length === 100 && (
          <Button size="xs" variant="default" onClick={() => setBefore(rows.at(-1)!.id)}>
            {t('points.logOlder')}
          </Button>
        )}
      </Group>
    </Block>
  );
}
