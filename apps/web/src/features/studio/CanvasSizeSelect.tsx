import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CANVAS_SIZES } from '@vitrine/core';
import { usePermissions } from '../../lib/permissions';
import { useAllWalls } from '../walls';

const sizeKey = (width: number, height: number) => `${width}x${height}`;

/**
 * The canvas size: the common screens, then the cabinet's video walls (the picture a wall shows, its bezels
 * counted), then the document's own size when it is neither. A size offered twice is offered once.
 */
export function CanvasSizeSelect({
  width,
  height,
  onChange,
}: {
  width: number;
  height: number;
  onChange: (size: { width: number; height: number }) => void;
}) {
  const { t } = useTranslation();
  const has = usePermissions();
  const { data: walls } = useAllWalls(has('wall.route'));
  const seen = new Set<string>();
  const once = <T extends { value: string }>(items: T[]) =>
    items.filter((item) => !seen.has(item.value) && seen.add(item.value));
  const screens = once(
    CANVAS_SIZES.map((s) => ({
      value: sizeKey(s.width, s.height),
      label: `${t(`studio.sizes.${s.key}`)} (${s.width} × ${s.height})`,
    })),
  );
  const wallSizes = once(
    (walls?.items ?? []).map((wall) => ({
      value: sizeKey(wall.canvas.width, wall.canvas.height),
      label: t('studio.wallSize', { name: wall.name, width: wall.canvas.width, height: wall.canvas.height }),
    })),
  );
  const current = sizeKey(width, height);
  const own = seen.has(current) ? [] : [{ value: current, label: `${width} × ${height}` }];
  return (
    <Select
      label={t('studio.canvasSize')}
      data={[
        { group: t('studio.sizeGroups.screens'), items: [...screens, ...own] },
        ...(wallSizes.length ? [{ group: t('studio.sizeGroups.walls'), items: wallSizes }] : []),
      ]}
      value={current}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        const [w, h] = value.split('x').map(Number);
        onChange({ width: w!, height: h! });
      }}
    />
  );
}
