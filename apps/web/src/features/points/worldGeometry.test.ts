import { describe, expect, it } from 'vitest';
import { graticule, polygonsOf, splitLines, splitPolygons, unwrap } from './worldGeometry';

describe('unwrap', () => {
  it('carries longitudes on past 180 across the antimeridian', () => {
    expect(
      unwrap([
        [178, 0],
        [-179, 1],
        [-178, 2],
      ]),
    ).toEqual([
      [178, 0],
      [181, 1],
      [182, 2],
    ]);
  });

  it('leaves a ring that does not cross alone', () => {
    const ring = [
      [10, 0],
      [20, 5],
      [10, 0],
    ];
    expect(unwrap(ring)).toEqual(ring);
  });
});

describe('splitPolygons', () => {
  it('draws a polygon crossing the antimeridian once more shifted a turn west', () => {
    const crossing = [
      [
        [179, 0],
        [-179, 0],
        [-179, 1],
        [179, 1],
        [179, 0],
      ],
    ];
    const out = splitPolygons([crossing]);
    expect(out).toHaveLength(2);
    expect(out[0]![0]!.map((p) => p[0])).toEqual([179, 181, 181, 179, 179]);
    expect(out[1]![0]!.map((p) => p[0])).toEqual([-181, -179, -179, -181, -181]);
  });

  it('closes a ring round the pole along it and draws it three times', () => {
    const pole = [
      [
        [-180, -80],
        [0, -70],
        [179, -80],
      ],
    ];
    const out = splitPolygons([pole]);
    expect(out).toHaveLength(3);
    const ring = out[0]![0]!;
    expect(ring.slice(-3)).toEqual([
      [179, -90],
      [-180, -90],
      [-180, -80],
    ]);
  });

  it('keeps a polygon inside the map as it is', () => {
    const square = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ];
    expect(splitPolygons([square])).toEqual([square]);
  });
});

describe('splitLines', () => {
  it('cuts a line where it jumps across the antimeridian and drops single points', () => {
    expect(
      splitLines([
        [
          [170, 0],
          [179, 0],
          [-179, 0],
          [-170, 0],
        ],
        [[5, 5]],
      ]),
    ).toEqual([
      [
        [170, 0],
        [179, 0],
      ],
      [
        [-179, 0],
        [-170, 0],
      ],
    ]);
  });
});

describe('polygonsOf', () => {
  it('collects the polygons of any geometry, and none of a line', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [0, 0],
    ];
    expect(polygonsOf({ type: 'Polygon', coordinates: [ring] })).toEqual([[ring]]);
    expect(polygonsOf({ type: 'MultiPolygon', coordinates: [[ring], [ring]] })).toHaveLength(2);
    expect(
      polygonsOf({
        type: 'GeometryCollection',
        geometries: [
          { type: 'Polygon', coordinates: [ring] },
          { type: 'LineString', coordinates: ring },
        ],
      }),
    ).toEqual([[ring]]);
  });
});

describe('graticule', () => {
  it('has meridians every 30 degrees and parallels from -60 to 60', () => {
    const g = graticule();
    expect(g.coordinates).toHaveLength(13 + 5);
    expect(g.coordinates[0]![0]).toEqual([-180, -90]);
    expect(g.coordinates[0]!.at(-1)).toEqual([-180, 90]);
    expect(g.coordinates.at(-1)![0]).toEqual([-180, 60]);
  });
});
