import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POINT_SORTS, POINT_STATUSES, type PointSort, type PointStatus } from '@vitrine/core';
import { SearchFilter } from '../../lib/list/ListKit';
import type { PointsQuery } from './points.api';

/** The screens list's filters: search, status, content, sort, and leaving a network's filter. */
export function ScreensFilters({
  search,
  update,
}: {
  search: PointsQuery;
  update: (patch: PointsQuery) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      <SearchFilter value={search.search ?? ''} onChange={(value) => update({ search: value })} />
      <Select
        label={t('points.status')}
        clearable
        data={POINT_STATUSES.map((v) => ({ value: v, label: t(`points.statuses.${v}`) }))}
        value={search.status ?? null}
        onChange={(v) => update({ status: (v ?? undefined) as PointStatus | undefined })}
      />
      <Select
        label={t('points.content')}
        clearable
        data={[
          { value: 'true', label: t('points.hasContent') },
          { value: 'false', label: t('points.noContent') },
        ]}
        value={search.hasContent ?? null}
        onChange={(v) => update({ hasContent: (v ?? undefined) as 'true' | 'false' | undefined })}
      />
      <Select
        label={t('points.sort')}
        allowDeselect={false}
        data={POINT_SORTS.map((v) => ({ value: v, label: t(`points.sorts.${v}`) }))}
        value={search.sort ?? 'id'}
        onChange={(v) => v && update({ sort: v as PointSort })}
      />
      {search.net && (
        <Button variant="subtle" onClick={() => update({ net: undefined })}>
          {t('points.allNetworks')}
        </Button>
      )}
    </Group>
  );
}
