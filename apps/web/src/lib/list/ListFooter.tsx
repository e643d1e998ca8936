import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@vitrine/core';

/**
 * The foot of every paged list: the total, the page size (the list's default and spec §9's 10/100/1000,
 * and the size the list is paged by when its address asked for another) and the pages. Changing the size
 * goes back to the first page.
 */
export function ListFooter({
  total,
  page,
  limit,
  defaultLimit,
  onPage,
  onLimit,
}: {
  total: number;
  page: number;
  limit: number;
  defaultLimit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  const sizes = [...new Set<number>([defaultLimit, limit, ...PAGE_SIZES])].sort((a, b) => a - b);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('common.total', { count: total })}
      </Text>
      <Group>
        <Select
          aria-label={t('common.pageSize')}
          w={100}
          allowDeselect={false}
          data={sizes.map(String)}
          value={String(limit)}
          onChange={(value) => {
            if (!value) return;
            onLimit(Number(value));
            onPage(1);
          }}
        />
        <Pagination
          total={Math.max(1, Math.ceil(total / limit))}
          value={page}
          onChange={onPage}
          getControlProps={(control) =>
            control === 'previous' || control === 'next'
              ? { 'aria-label': t(control === 'previous' ? 'common.previousPage' : 'common.nextPage') }
              : {}
          }
        />
      </Group>
    </Group>
  );
}
