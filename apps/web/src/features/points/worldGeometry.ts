/*
 * The bundled world map's geometry made fit for a flat map: shapes crossing the antimeridian split, and a
 * graticule under the land. Pure: no Leaflet here.
 */

export type Ring = GeoJSON.Position[];

/** Longitudes made continuous: a step across the antimeridian (180 to -180) goes on past 180 instead. */
export function unwrap(ring: Ring): Ring {
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
export function splitPolygons(polygons: Ring[][]): Ring[][] {
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
export function splitLines(lines: Ring[]): Ring[] {
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

export function polygonsOf(g: GeoJSON.Geometry): Ring[][] {
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return g.coordinates;
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(polygonsOf);
  return [];
}

/** Lines every 30 degrees, drawn under the land so the sea reads as a map. */
export function graticule(): GeoJSON.MultiLineString {
  const lines: [number, number][][] = [];
  for (let lng = -180; lng <= 180; lng += 30)
    lines.push(Array.from({ length: 37 }, (_, i) => [lng, -90 + i * 5] as [number, number]));
  for (let lat = -60; lat <= 60; lat += 30)
    lines.push(Array.from({ length: 73 }, (_, i) => [-180 + i * 5, lat] as [number, number]));
  return { type: 'MultiLineString', coordinates: lines };
}
