import { useEffect, useId, useRef, useState } from 'react';
import { Text, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './LocationMap.css';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { BrandConfig, MapConfig, PointStatus } from '@vitrine/core';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { useBrand } from '../../brand/brand';
import { STATUS_COLORS } from '../../components/StatusBadge';

/*
 * Screens on a map (Leaflet), loaded on demand so Leaflet stays out of the main bundle.
 *
 * The base map: the tile source the server names in GET /api/brand (MAP_TILE_URL, or MAP_TILES_DIR
 * served at /tiles/), else a vector world map bundled with the app (Natural Earth 1:50m land and
 * borders), so with nothing configured no request leaves the server. Under tiles of our own the vector
 * map stays as the fallback where the pyramid has no tile.
 */

export type LatLng = { lat: number; lng: number };
type Scheme = 'light' | 'dark';

const PALETTE: Record<Scheme, { sea: string; land: string; coast: string; border: string; grid: string }> = {
  light: { sea: '#d4e6f4', land: '#f8f6f0', coast: '#9db7cc', border: '#c5beb0', grid: '#bcd5e9' },
  dark: { sea: '#142130', land: '#2a3038', coast: '#40566d', border: '#4d5560', grid: '#1e3146' },
};

const MAX_ZOOM = 18;
/** Zoom for one screen: street level with deep tiles, else a region (the bundled map, a shallow pyramid). */
const placeZoom = (config: MapConfig) =>
  config.tileUrl ? Math.min(15, Math.max(6, config.maxNativeZoom)) : 6;

/** Six decimals (about 11 cm), longitude wrapped into -180..180. */
export function roundLocation(latlng: L.LatLng): LatLng {
  const w = latlng.wrap();
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(Math.max(-90, Math.min(90, w.lat))), lng: round(w.lng) };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const NO_TILES: MapConfig = { tileUrl: null, attribution: null, maxNativeZoom: 19 };

export function useMapConfig(): MapConfig {
  const brand = useBrand() as BrandConfig & { map?: MapConfig };
  return brand.map ?? NO_TILES;
}

type Ring = GeoJSON.Position[];

/** Longitudes made continuous: a step across the antimeridian (180 to -180) goes on past 180 instead. */
function unwrap(ring: Ring): Ring {
  const out: Ring = [];
  let offset = 0;
  for (const [lng, lat] of ring) {
    const prev = out.at(-1)?.[0];
    if (prev !== undefined && lng! + offset - prev > 180) offset -= 360;
    else if (prev !== undefined && lng! + offset - prev < -180) offset += 360;
    out.push([lng! + offset, lat!]);
  }
  return out;
}

/**
 * Natural Earth's shapes that cross the antimeridian (Fiji, Chukotka) jump from 180 to -180, which a flat
 * map draws as a line across the whole world. Each such polygon is drawn unwrapped, and once more shifted
 * by 360 degrees for the part on the other side; a ring round the pole (Antarctica) is closed along it.
 */
function splitPolygons(polygons: Ring[][]): Ring[][] {
  return polygons.flatMap((rings) => {
    const unwrapped = rings.map(unwrap);
    const shift = (by: number) => unwrapped.map((r) => r.map(([x, y]) => [x! + by, y!]));
    if (unwrapped.some((r) => Math.abs(r[0]![0]! - r.at(-1)![0]!) > 180)) {
      // Round the pole: closed along the pole, and drawn once more a turn to the west.
      for (const r of unwrapped) r.push([r.at(-1)![0]!, -90], [r[0]![0]!, -90], r[0]!);
      return [unwrapped, shift(-360), shift(360)];
    }
    const lngs = unwrapped.flatMap((r) => r.map((p) => p[0]!));
    return [
      unwrapped,
      ...(Math.max(...lngs) > 180 ? [shift(-360)] : []),
      ...(Math.min(...lngs) < -180 ? [shift(360)] : []),
    ];
  });
}

/** Lines are simply cut where they jump across the antimeridian. */
function splitLines(lines: Ring[]): Ring[] {
  return lines.flatMap((line) => {
    const parts: Ring[] = [[]];
    for (const point of line) {
      const last = parts.at(-1)!;
      const prev = last.at(-1);
      if (prev && Math.abs(point[0]! - prev[0]!) > 180) parts.push([point]);
      else last.push(point);
    }
    return parts.filter((p) => p.length > 1);
  });
}

function polygonsOf(g: GeoJSON.Geometry): Ring[][] {
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(polygonsOf);
  return [];
}

interface World {
  land: GeoJSON.GeoJsonObject;
  borders: GeoJSON.GeoJsonObject;
}
let world: Promise<World> | undefined;
/** The bundled world map, fetched once from the app's own assets and converted to GeoJSON. */
function loadWorld(): Promise<World> {
  world ??= fetch(worldUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`world map: ${r.status}`);
      return r.json() as Promise<Topology>;
    })
    .then((topo) => {
      const land = feature(topo, topo.objects.land as GeometryCollection);
      const borders = mesh(topo, topo.objects.countries as GeometryCollection, (a, b) => a !== b);
      return {
        land: {
          type: 'MultiPolygon',
          coordinates: splitPolygons(land.features.flatMap((f) => polygonsOf(f.geometry))),
        } as GeoJSON.MultiPolygon,
        borders: {
          type: 'MultiLineString',
          coordinates: splitLines(borders.coordinates),
        } as GeoJSON.MultiLineString,
      };
    })
    .catch((error: unknown) => {
      world = undefined;
      throw error;
    });
  return world;
}

/** Lines every 30 degrees, drawn under the land so the sea reads as a map. */
function graticule(): GeoJSON.MultiLineString {
  const lines: [number, number][][] = [];
  for (let lng = -180; lng <= 180; lng += 30)
    lines.push(Array.from({ length: 37 }, (_, i) => [lng, -90 + i * 5] as [number, number]));
  for (let lat = -60; lat <= 60; lat += 30)
    lines.push(Array.from({ length: 73 }, (_, i) => [-180 + i * 5, lat] as [number, number]));
  return { type: 'MultiLineString', coordinates: lines };
}

interface BaseMap {
  map: L.Map;
  restyle(scheme: Scheme): void;
}

/** A Leaflet map in `el` with the configured base layer, fitted to the world. */
function createBaseMap(el: HTMLElement, config: MapConfig, scheme: Scheme): BaseMap {
  const map = L.map(el, {
    minZoom: 0,
    maxZoom: MAX_ZOOM,
    maxBounds: [
      [-85.06, -180],
      [85.06, 180],
    ],
    maxBoundsViscosity: 1,
    zoomSnap: 1,
    worldCopyJump: false,
  });
  map.attributionControl.setPrefix(false);
  const tileUrl = config.tileUrl;
  const ownTiles = !tileUrl || tileUrl.startsWith('/');
  const layers: { grid?: L.GeoJSON; land?: L.GeoJSON; borders?: L.GeoJSON } = {};
  let current = scheme;
  const styleOf = (s: Scheme) => ({
    grid: { color: PALETTE[s].grid, weight: 1, opacity: 0.8, fill: false },
    land: {
      color: PALETTE[s].coast,
      weight: 1,
      fillColor: PALETTE[s].land,
      fillOpacity: 1,
    },
    borders: { color: PALETTE[s].border, weight: 0.8, fill: false },
  });
  const restyle = (s: Scheme) => {
    current = s;
    el.style.background = PALETTE[s].sea;
    const style = styleOf(s);
    layers.grid?.setStyle(style.grid);
    layers.land?.setStyle(style.land);
    layers.borders?.setStyle(style.borders);
  };
  restyle(scheme);

  if (ownTiles) {
    // Its own pane under the tiles: the canvas lives in its renderer's pane, whatever the paths say.
    const pane = 'world';
    map.createPane(pane).style.zIndex = '150';
    const renderer = L.canvas({ padding: 0.5, pane });
    // Leaflet hands these options to every path it makes (its types leave renderer out).
    const options = (style: L.PathOptions) =>
      ({ renderer, pane, interactive: false, style }) as L.GeoJSONOptions;
    layers.grid = L.geoJSON(graticule(), options(styleOf(current).grid)).addTo(map);
    void loadWorld()
      .then((w) => {
        // The map may have gone meanwhile.
        if (!map.getContainer().isConnected) return;
        const style = styleOf(current);
        layers.land = L.geoJSON(w.land, options(style.land)).addTo(map);
        layers.borders = L.geoJSON(w.borders, options(style.borders)).addTo(map);
      })
      .catch(() => undefined);
    if (!tileUrl) map.attributionControl.addAttribution('Natural Earth');
  }
  if (tileUrl) {
    L.tileLayer(tileUrl, {
      maxZoom: MAX_ZOOM,
      maxNativeZoom: config.maxNativeZoom,
      noWrap: true,
      ...(config.attribution ? { attribution: escapeHtml(config.attribution) } : {}),
    }).addTo(map);
  }

  // The smallest zoom shows the whole world across the map's width.
  const fitWorld = () => {
    const width = el.clientWidth || 512;
    map.setMinZoom(Math.max(0, Math.round(Math.log2(width / 256))));
  };
  fitWorld();
  const observer = new ResizeObserver(() => {
    map.invalidateSize();
    fitWorld();
  });
  observer.observe(el);
  map.on('unload', () => observer.disconnect());
  return { map, restyle };
}

function pinIcon(color: string, label: string): L.DivIcon {
  return L.divIcon({
    className: 'vitrine-map-pin',
    html:
      `<span role="img" aria-label="${escapeHtml(label)}" style="display:block;width:28px;height:40px">` +
      '<svg width="28" height="40" viewBox="-2 -2 32 44" aria-hidden="true" style="display:block;' +
      'filter:drop-shadow(0 1px 2px rgba(0,0,0,.45))">' +
      '<path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" ' +
      // A CSS variable works in style, not in the fill attribute.
      `style="fill:${color}" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="5" fill="#fff"/>` +
      '</svg></span>',
    iconSize: [28, 40],
    iconAnchor: [14, 40],
    tooltipAnchor: [0, -32],
  });
}

/** A base map kept in a ref for the life of the component; recreated when the tile source changes. */
function useBaseMap(config: MapConfig) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const [base, setBase] = useState<BaseMap | null>(null);
  const schemeRef = useRef(scheme);
  useEffect(() => {
    schemeRef.current = scheme;
    base?.restyle(scheme);
  }, [base, scheme]);
  useEffect(() => {
    const created = createBaseMap(ref.current!, config, schemeRef.current);
    setBase(created);
    return () => {
      created.map.remove();
      setBase(null);
    };
  }, [config]);
  return { ref, base };
}

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
  const marker = useRef<L.Marker | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);
  const editable = Boolean(onChange);
  // The first view: the location, or the whole world.
  const first = useRef(value);

  useEffect(() => {
    if (!base) return;
    const { map } = base;
    const start = first.current;
    if (start) map.setView(start, placeZoom(config));
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
  }, [base, config, editable]);

  // The marker follows the value, from the map or typed into the fields.
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
      if (editable) {
        m.on('dragend', () => change.current?.(roundLocation(m.getLatLng())));
        m.on('add', () => {
          const el = m.getElement();
          el?.setAttribute('aria-describedby', hintId);
          el?.addEventListener('keydown', (e: KeyboardEvent) => {
            const step: Record<string, [number, number]> = {
              ArrowUp: [0, -1],
              ArrowDown: [0, 1],
              ArrowLeft: [-1, 0],
              ArrowRight: [1, 0],
            };
            const move = step[e.key];
            if (!move) return;
            // The marker moves, not the map under it.
            e.preventDefault();
            e.stopPropagation();
            const px = e.shiftKey ? 1 : 10;
            const point = map.latLngToContainerPoint(m.getLatLng()).add([move[0] * px, move[1] * px]);
            change.current?.(roundLocation(map.containerPointToLatLng(point)));
          });
        });
      }
      marker.current = m.addTo(map);
    } else {
      marker.current.setLatLng(at);
    }
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [base, lat, lng, editable, hintId, t]);

  useEffect(
    () => () => {
      marker.current = null;
    },
    [base],
  );

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
