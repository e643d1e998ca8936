import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MapConfig } from '@vitrine/core';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { loadOnce } from '../../lib/loadOnce';
import { graticule, polygonsOf, splitLines, splitPolygons } from './worldGeometry';

/*
 * The Leaflet base map under the screens: the configured tile source, else (and under tiles of our own,
 * as the fallback) the bundled vector world map. Imported only from the lazily loaded map components.
 */

export type LatLng = { lat: number; lng: number };
export type Scheme = 'light' | 'dark';

const PALETTE: Record<Scheme, { sea: string; land: string; coast: string; border: string; grid: string }> = {
  light: { sea: '#d4e6f4', land: '#f8f6f0', coast: '#9db7cc', border: '#c5beb0', grid: '#bcd5e9' },
  dark: { sea: '#142130', land: '#2a3038', coast: '#40566d', border: '#4d5560', grid: '#1e3146' },
};

const MAX_ZOOM = 18;
/** Zoom for one screen: street level with deep tiles, else a region (the bundled map, a shallow pyramid). */
export const placeZoom = (config: MapConfig) =>
  config.tileUrl ? Math.min(15, Math.max(6, config.maxNativeZoom)) : 6;

/** Six decimals (about 11 cm), longitude wrapped into -180..180. */
export function roundLocation(latlng: L.LatLng): LatLng {
  const w = latlng.wrap();
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { lat: round(Math.max(-90, Math.min(90, w.lat))), lng: round(w.lng) };
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface World {
  land: GeoJSON.GeoJsonObject;
  borders: GeoJSON.GeoJsonObject;
}
/**
 * The bundled world map, fetched once from the app's own assets and converted to GeoJSON (again after a
 * failed fetch).
 */
const loadWorld = loadOnce(async (): Promise<World> => {
  const r = await fetch(worldUrl);
  if (!r.ok) throw new Error(`world map: ${r.status}`);
  const topo = (await r.json()) as Topology;
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
});

export interface BaseMap {
  map: L.Map;
  restyle(scheme: Scheme): void;
}

/** A Leaflet map in `el` with the configured base layer, fitted to the world. */
export function createBaseMap(el: HTMLElement, config: MapConfig, scheme: Scheme): BaseMap {
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

export function pinIcon(color: string, label: string): L.DivIcon {
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
