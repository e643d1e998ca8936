import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import type { MapConfig } from '@vitrine/core';
import { pinIcon, placeZoom, roundLocation, type BaseMap, type LatLng } from './baseMap';
import { markerStep } from './markerKeys';

type Change = RefObject<((value: LatLng) => void) | undefined>;

/**
 * The first view (the location, or the whole world); when editable, clicking the map or Enter on the
 * focused map puts the screen there (at the map's centre for Enter).
 */
export function usePickOnMap(
  base: BaseMap | null,
  config: MapConfig,
  first: LatLng | null,
  editable: boolean,
  change: Change,
) {
  const start = useRef(first);
  useEffect(() => {
    if (!base) return;
    const { map } = base;
    if (start.current) map.setView(start.current, placeZoom(config));
    else map.setView([20, 0], map.getMinZoom());
    if (!editable) return;
    const set = (latlng: L.LatLng) => change.current?.(roundLocation(latlng));
    map.on('click', (e: L.LeafletMouseEvent) => set(e.latlng));
    const container = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container || e.key !== 'Enter') return;
      e.preventDefault();
      set(map.getCenter());
    };
    container.addEventListener('keydown', onKey);
    return () => {
      map.off('click');
      container.removeEventListener('keydown', onKey);
    };
  }, [base, config, editable, change]);
}

/** An editable marker: dragged, or moved by arrow keys when focused (described by the hint). */
function editableMarker(m: L.Marker, map: L.Map, hintId: string, change: Change) {
  m.on('dragend', () => change.current?.(roundLocation(m.getLatLng())));
  m.on('add', () => {
    const el = m.getElement();
    el?.setAttribute('aria-describedby', hintId);
    el?.addEventListener('keydown', (e: KeyboardEvent) => {
      const move = markerStep(e.key, e.shiftKey);
      if (!move) return;
      // The marker moves, not the map under it.
      e.preventDefault();
      e.stopPropagation();
      const point = map.latLngToContainerPoint(m.getLatLng()).add(move);
      change.current?.(roundLocation(map.containerPointToLatLng(point)));
    });
  });
}

/** The marker follows the value, from the map or typed into the fields. */
export function useLocationMarker(
  base: BaseMap | null,
  value: LatLng | null,
  editable: boolean,
  hintId: string,
  change: Change,
) {
  const { t } = useTranslation();
  const marker = useRef<L.Marker | null>(null);
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    if (!base) return;
    const { map } = base;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    const at = L.latLng(lat, lng);
    if (!marker.current) {
      const m = L.marker(at, {
        icon: pinIcon('var(--mantine-primary-color-6)', t('points.map.marker')),
        draggable: editable,
        keyboard: editable,
        autoPan: true,
        title: t('points.map.marker'),
      });
      if (editable) editableMarker(m, map, hintId, change);
      marker.current = m.addTo(map);
    } else {
      marker.current.setLatLng(at);
    }
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [base, lat, lng, editable, hintId, t, change]);

  useEffect(
    () => () => {
      marker.current = null;
    },
    [base],
  );
}
