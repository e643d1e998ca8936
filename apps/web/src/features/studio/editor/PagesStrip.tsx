import { Button, Group, NumberInput, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { blankPage } from '@vitrine/core';
import { freshPageId } from './documentEdits';
import type { StudioEditor } from './useStudioEditor';

/** A creation's pages: one tab each, add a page, the page's duration, remove it (when not the last). */
export function PagesStrip({ editor }: { editor: StudioEditor }) {
  const { t } = useTranslation();
  const { doc, page, pageIndex, setPageIndex, history, edits } = editor;
  return (
    <Group gap="xs" align="flex-end">
      <Tabs value={String(pageIndex)} onChange={(v) => setPageIndex(Number(v ?? 0))}>
        <Tabs.List>
          {doc.pages.map((p, i) => (
            <Tabs.Tab key={p.id} value={String(i)}>
              {t('studio.pageN', { n: i + 1 })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Button
        size="xs"
        variant="light"
        onClick={() => {
          const id = freshPageId(doc.pages);
          history.set((d) => ({ ...d, pages: [...d.pages, blankPage(id)] }));
          setPageIndex(doc.pages.length);
        }}
      >
        {t('studio.addPage')}
      </Button>
      <NumberInput
        size="xs"
        w={140}
        label={t('studio.pageDuration')}
        min={1}
        max={86400}
        value={page.duration}
        onChange={(v) =>
          typeof v === 'number' && v >= 1 && edits.setPage((p) => ({ ...p, duration: Math.round(v) }))
        }
      />
      {doc.pages.length > 1 && (
        <Button
          size="xs"
          color="red"
          variant="subtle"
          onClick={() => {
            history.set((d) => ({ ...d, pages: d.pages.filter((_, i) => i !== pageIndex) }));
            setPageIndex(Math.max(0, pageIndex - 1));
          }}
        >
          {t('studio.removePage')}
        </Button>
      )}
    </Group>
  );
}
