import type { DragEvent } from 'react';
import { Anchor, Breadcrumbs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FolderContents } from '@vitrine/core';

/** Where the open folder sits, root first; a crumb opens its folder, and the root takes dropped items. */
export function GalleryBreadcrumbs({
  breadcrumbs,
  onOpenFolder,
  onDropOnFolder,
}: {
  breadcrumbs: FolderContents['breadcrumbs'] | undefined;
  onOpenFolder: (id: number) => void;
  onDropOnFolder: (event: DragEvent, target: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('gallery.breadcrumbs')}>
      <Breadcrumbs>
        <Anchor
          component="button"
          type="button"
          onClick={() => onOpenFolder(0)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => onDropOnFolder(e, 0)}
        >
          {t('gallery.root')}
        </Anchor>
        {breadcrumbs?.map((crumb) => (
          <Anchor key={crumb.id} component="button" type="button" onClick={() => onOpenFolder(crumb.id)}>
            {crumb.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
