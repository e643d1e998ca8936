import { Group, Pagination, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SSP_PAGE_SIZES } from './ssp.api';

/** The SSP pages' paging: 100 a page by default, of 10, 100 or 1000 (spec §7). */
export function SspPager(props: {
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Select
        label={t('ssp.perPage')}
        w={120}
        data={SSP_PAGE_SIZES.map((n) => String(n))}
        value={String(props.limit)}
        allowDeselect={false}
        onChange={(value) => value && props.onLimit(Number(value))}
      />
      {props.total > props.limit && (
        <Pagination total={Math.ceil(props.total / props.limit)} value={props.page} onChange={props.onPage} />
      )}
    </Group>
  );
}
