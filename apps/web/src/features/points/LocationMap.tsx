import { useEffect, useId, useRef } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './LocationMap.css';
import type { PointStatus } from '@vitrine/core';
import { STATUS_COLORS } from '../../components/StatusBadge';
import { escapeHtml, pinIcon, placeZoom, type LatLng } from './baseMap';
import { useBaseMap, useMapConfig } from './useBaseMap';
import { useLocationMarker, usePickOnMap } from './useLocationEditing';

/*
 * Screens on a map (Leaflet), loaded on demand so Leaflet stays out of the main bundle.
 *
 * The base map: the tile source the server names in GET /api/brand (MAP_TILE_URL, or MAP_TILES_DIR
 * served at /tiles/), else a vector world map bundled with the app (Natural Earth 1:50m land and
 * borders), so with nothing configured no request leaves the server. Under tiles of our own the vector
 * map stays as the fallback where the pyramid has no tile.
 */

export type { LatLng };

export interface LocationPickerProps {
  value: LatLng | null;
  /** Absent: the map only shows the location. */
  onChange?: (value: LatLng) => void;
  height?: number;
}

/**
 * One screen's location: a marker at it (a world view when none). Clicking the map or dragging the
 * marker sets it; keyboard: arrow keys and +/- move the focused map, Enter puts the screen at its centre,
 * arrow keys on the focused marker move it.
 */
export function LocationPicker({ value, onChange, height = 340 }: LocationPickerProps) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const { ref, base } = useBaseMap(config);
  const hintId = useId();
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);
  const editable = Boolean(onChange);
  usePickOnMap(base, config, value, editable, change);
  useLocationMarker(base, value, editable, hintId, change);

  return (
    <div>
      <div
        ref={ref}
        className="vitrine-map"
        role="region"
        aria-label={t('points.map.label')}
        aria-describedby={hintId}
        data-testid="location-map"
        style={{ height, borderRadius: 'var(--mantine-radius-sm)', zIndex: 0 }}
      />
      <Text id={hintId} size="xs" c="dimmed" mt={4}>
        {editable ? t('points.map.hint') : t('points.map.hintReadOnly')}
      </Text>
    </div>
  );
}

export interface MapScreen {
  id: number;
  name: string;
  status: PointStatus;
  location: LatLng;
}

/** Every listed screen with a location, colored by status; choosing one opens its page. */
export function ScreensMap({
  screens,
  onOpen,
  height = 480,
}: {
  screens: MapScreen[];
  onOpen: (id: number) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const { ref, base } = useBaseMap(config);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);
  const fitted = useRef(false);

  useEffect(() => {
    if (!base) return;
    const { map } = base;
    const group = L.featureGroup();
    for (const s of screens) {
      const label = `${s.name} · ${t(`points.statuses.${s.status}`)}`;
      const m = L.marker([s.location.lat, s.location.lng], {
        // Shade 6 reads on the light and the dark map alike.
        icon: pinIcon(`var(--mantine-color-${STATUS_COLORS[s.status]}-6)`, label),
        keyboard: true,
        title: label,
      });
      m.bindTooltip(escapeHtml(label), { direction: 'top' });
      m.on('click', () => open.current(s.id));
      m.on('add', () => {
        const el = m.getElement();
        el?.setAttribute('data-point', String(s.id));
        el?.setAttribute('data-status', s.status);
      });
      group.addLayer(m);
    }
    group.addTo(map);
    if (!fitted.current) {
      fitted.current = true;
      if (screens.length > 0)
        map.fitBounds(group.getBounds(), { padding: [40, 40], maxZoom: placeZoom(config) });
      else map.setView([20, 0], map.getMinZoom());
    }
    return () => {
      group.remove();
    };
  }, [base, config, screens, t]);

  useEffect(
    () => () => {
      fitted.current = false;
    },
    [base],
  );

  return (
    <div
      ref={ref}
      className="vitrine-map"
      role="region"
      aria-label={t('points.map.listLabel')}
      data-testid="screens-map"
      style={{ height, borderRadius: 'var(--mantine-radius-sm)', zIndex: 0 }}
    />
  );
}
