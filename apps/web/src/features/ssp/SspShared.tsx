import { useState } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FilterBar, FormatMenu, useFilterSearch } from '../statistics';
import { downloadSsp, type SspRange } from './ssp.api';

/**
 * An SSP page's range (in the address, as the statistics pages keep theirs) and its paging: 100 a page of
 * 10, 100 or 1000 (spec §7); a new range starts again from the first page.
 */
export function useSspPage() {
  const { filters, setFilters, search, setExtra } = useFilterSearch<{ view?: string }>();
  const range: SspRange = { from: filters.from, to: filters.to };
  const key = `${range.from}_${range.to}`;
  const [state, setState] = useState({ key, page: 1, limit: 100 });
  const page = state.key === key ? state.page : 1;
  return {
    range,
    search,
    setExtra,
    filterBar: <FilterBar filters={filters} onChange={setFilters} ids={false} />,
    paging: {
      page,
      limit: state.limit,
      onPage: (next: number) => setState({ key, page: next, limit: state.limit }),
      onLimit: (limit: number) => setState({ key, page: 1, limit }),
    },
  };
}

/** The export button of the report or the list: CSV, XLSX or PDF of the range, downloaded at once. */
export function SspExportMenu({ what, range }: { what: 'report' | 'list'; range: SspRange }) {
  const download = useMutation({
    mutationFn: (format: Parameters<typeof downloadSsp>[1]) => downloadSsp(what, format, range),
  });
  return <FormatMenu loading={download.isPending} onDownload={(format) => download.mutate(format)} />;
}

/** Figures side by side, each a labelled group (the totals of a range). */
export function Figures({ label, items }: { label: string; items: { label: string; value: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} component="section" aria-label={label}>
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm" radius="md" role="group" aria-label={item.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} aria-hidden>
            {item.label}
          </Text>
          <Text fz={22} fw={700}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
