import { useState } from 'react';
import { Alert, Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POINT_PAGE_SIZE } from '@vitrine/core';
import { ListFooter } from '../../lib/list/ListFooter';
import { usePointOverview } from './points.api';
import { StatusBadge } from './StatusBadge';
import { SyncBadge } from './SyncState';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * /point for a role that may open the Media devices section but not the screens themselves (spec §6:
 * observer): the screens with their status, read-only, and a word on what the role does not see.
 */
export function ScreensOverview() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(POINT_PAGE_SIZE);
  const { data, isLoading } = usePointOverview(page, limit);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('menu.points')}
      </Title>
      <Alert color="blue" variant="light">
        {t('points.overviewOnly')}
      </Alert>
      {isLoading ? (
        <Skeleton h={200} />
      ) : data && data.points.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('points.name')}</Table.Th>
                <Table.Th>{t('points.status')}</Table.Th>
                <Table.Th>{t('points.sync')}</Table.Th>
                <Table.Th>{t('points.networks')}</Table.Th>
                <Table.Th>{t('points.lastSeen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.points.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>
                    <SyncBadge point={p} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {p.net.map((n) => (
                        <Badge key={n.id} variant="light" color="gray">
                          {n.name}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{when(p.lastSeen)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">{t('points.empty')}</Text>
      )}
      {data && (
        <ListFooter
          total={data.total}
          page={page}
          limit={limit}
          defaultLimit={POINT_PAGE_SIZE}
          onPage={setPage}
          onLimit={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      )}
    </Stack>
  );
}
