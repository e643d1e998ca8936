import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import {
  bezelPixels,
  WALL_MESSAGES,
  wallContentProblems,
  wallPlacement,
  canvasSize,
  correction,
  estimateClock,
  flipNow,
  frameInterval,
  MAX_RATE_CHANGE,
  MEDIA_CLOCK_IN_STEP_MS,
  MAX_SEEK_LEAD_MS,
  seekLead,
  matchesCanvas,
  median,
  mediaPosition,
  placeContent,
  skewSummary,
  switchAt,
  tileRect,
  tileStyle,
  type ClockSample,
} from './index.js';

describe('wall geometry', () => {
  const screen = { widthPx: 1920, heightPx: 1080, widthMm: 1100, heightMm: 620, bezelMm: 17 };

  it('hides the pixels the frames cover: 1920 × 17 / 1100 = 30 px', () => {
    expect(bezelPixels(screen)).toEqual({ x: 30, y: 30 });
    // 1080 × 20 / 620 = 35 px.
    expect(bezelPixels({ ...screen, bezelMm: 20 }).y).toBe(35);
    expect(bezelPixels({ widthPx: 1920, heightPx: 1080 })).toEqual({ x: 0, y: 0 });
  });

  it('makes a 2 × 2 canvas of 3870 × 2190 and crops each tile past the seams', () => {
    const grid = { columns: 2, rows: 2, screen };
    expect(canvasSize(grid)).toEqual({ width: 3870, height: 2190 });
    expect(canvasSize({ ...grid, screen: { ...screen, bezelMm: 20 } }).height).toBe(2195);
    expect(tileRect(grid, 0, 0)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(tileRect(grid, 1, 1)).toEqual({ x: 1950, y: 1110, width: 1920, height: 1080 });
    // The last tile ends at the canvas's edge.
    const last = tileRect(grid, 1, 1);
    expect(last.x + last.width).toBe(canvasSize(grid).width);
    expect(last.y + last.height).toBe(canvasSize(grid).height);
    // Without frames the tiles touch.
    const flat = { columns: 3, rows: 1, screen: { widthPx: 1920, heightPx: 1080 } };
    expect(canvasSize(flat)).toEqual({ width: 5760, height: 1080 });
    expect(tileRect(flat, 2, 0).x).toBe(3840);
  });

  it('says whether content matches the view area, and places it to fit or to fill', () => {
    const canvas = { width: 3840, height: 2160 };
    expect(matchesCanvas(canvas, { width: 3840, height: 2160 })).toBe(true);
    expect(matchesCanvas(canvas, { width: 1920, height: 1080 })).toBe(false);
    expect(placeContent(canvas, { width: 1920, height: 1080 }, 'fit')).toEqual({
      x: 0,
      y: 0,
      width: 3840,
      height: 2160,
    });
    const square = placeContent(canvas, { width: 1000, height: 1000 }, 'fit');
    expect(square).toEqual({ x: 840, y: 0, width: 2160, height: 2160 });
    const filled = placeContent(canvas, { width: 1000, height: 1000 }, 'fill');
    expect(filled).toEqual({ x: 0, y: -840, width: 3840, height: 3840 });
  });
});

describe('wall clock', () => {
  it('finds the server clock from exchanges, trusting the fastest round trips', () => {
    const r = seededRandom(11);
    const trueOffset = 1234.5;
    const samples: ClockSample[] = Array.from({ length: 30 }, (_, i) => {
      const t0 = 1_000_000 + i * 1000;
      // Asymmetric queueing on some samples: those must not pull the estimate.
      const up = 2 + r() * 3 + (i % 5 === 0 ? 80 + r() * 200 : 0);
      const down = 2 + r() * 3;
      const t1 = t0 + up + trueOffset;
      const t2 = t1 + 0.3;
      const t3 = t2 - trueOffset + down;
      return { t0, t1, t2, t3 };
    });
    const estimate = estimateClock(samples)!;
    expect(Math.abs(estimate.offset - trueOffset)).toBeLessThan(2);
    expect(estimate.uncertainty).toBeLessThan(5);
    expect(estimate.used).toBe(10);
    expect(estimateClock([])).toBeNull();
  });
});

describe('wall sync', () => {
  it('switches at the next whole second after the lead, the same on every tile', () => {
    expect(switchAt(10_000)).toBe(12_000);
    expect(switchAt(10_001)).toBe(13_000);
    expect(switchAt(10_001.5)).toBe(switchAt(10_999));
  });

  it('leaves a video within a few milliseconds, nudges a small drift, seeks a large one', () => {
    expect(correction(10, 10.005)).toEqual({ kind: 'none' });
    expect(correction(10, 10.009).kind).toBe('rate');
    // A media clock read continuously is held to a tighter band.
    expect(correction(10, 10.003, 0, MEDIA_CLOCK_IN_STEP_MS).kind).toBe('rate');
    expect(correction(10, 10.0015, 0, MEDIA_CLOCK_IN_STEP_MS)).toEqual({ kind: 'none' });
    // The tile acts on the median of the last frames' errors: one late frame is not drift.
    expect(median([3, 2, 140, 4, 1])).toBe(3);
    expect(median([])).toBeNaN();
    const behind = correction(10, 9.95);
    expect(behind.kind).toBe('rate');
    expect(behind.kind === 'rate' && behind.rate).toBeCloseTo(1.125, 5);
    const ahead = correction(10, 10.02);
    expect(ahead.kind === 'rate' && ahead.rate).toBeCloseTo(0.95, 5);
    // Up to 100 ms the nudge grows to a quarter; past it the video is sought, aimed ahead by the lead.
    const far = correction(10, 9.91);
    expect(far.kind === 'rate' && far.rate).toBeCloseTo(1.225, 5);
    const edge = correction(10, 9.9001);
    expect(edge.kind === 'rate' && edge.rate).toBeLessThanOrEqual(1 + MAX_RATE_CHANGE);
    const slow = correction(10, 10.09);
    expect(slow.kind === 'rate' && slow.rate).toBeCloseTo(0.775, 5);
    expect(correction(10, 9.85)).toEqual({ kind: 'seek', to: 10 });
    expect(correction(10, 12, 40)).toEqual({ kind: 'seek', to: 10.04 });
    expect(mediaPosition(1000, 13_500, 5)).toBeCloseTo(2.5, 9);
  });

  it('learns how long a seek takes from the frame after it', () => {
    // A seek aimed 40 ms ahead landed 60 ms behind: it took 100 ms; half the difference is taken.
    expect(seekLead(40, 60)).toBe(70);
    expect(seekLead(70, -10)).toBe(65);
    // Never behind the clock, never more than half a second ahead.
    expect(seekLead(10, -100)).toBe(0);
    expect(seekLead(480, 400)).toBe(MAX_SEEK_LEAD_MS);
    expect(seekLead(40, Number.NaN)).toBe(40);
  });

  it('flips on the animation frame that reaches the glass closest to the shared moment', () => {
    const frame = 1000 / 60;
    // Frames reach the glass at 966.7, 983.3, 1000.0 and 1016.7 ms: the switch at 1000 takes the third.
    expect(flipNow(1000 - 2 * frame, 1000, frame)).toBe(false);
    expect(flipNow(1000 - frame, 1000, frame)).toBe(false);
    expect(flipNow(1000, 1000, frame)).toBe(true);
    // A target between two frames takes the nearer: 7 ms after this frame flips now, 9 ms after waits.
    expect(flipNow(993, 1000, frame)).toBe(true);
    expect(flipNow(991, 1000, frame)).toBe(false);
    // A late wake (past the moment) flips at once.
    expect(flipNow(1100, 1000, frame)).toBe(true);
    expect(frameInterval([0, 16.6, 33.4, 50, 66.7])).toBeCloseTo(16.7, 1);
    expect(frameInterval([0, 16.7, 50, 66.7])).toBeCloseTo(16.7, 1);
    expect(frameInterval([5])).toBeCloseTo(1000 / 60, 5);
    expect(mediaPosition(1000, 13_500, 5)).toBeCloseTo(2.5, 9);
  });

  it('sums up skew as p50, p95 and max', () => {
    expect(skewSummary([1, -2, 3, 4, -50])).toEqual({ p50: 3, p95: 50, max: 50 });
    expect(skewSummary([])).toBeNull();
  });
});

describe('content on a wall', () => {
  const canvas = { width: 3870, height: 2190 };
  const walls = [{ name: 'Lobby', canvas }];

  it('refuses content of another size unless it is marked fit or fill, naming the sizes that fit', () => {
    const problems = wallContentProblems(
      [
        { path: 'files.0', width: 3870, height: 2190, wallFit: null },
        { path: 'files.1', width: 1920, height: 1080, wallFit: null },
        { path: 'files.2', width: 1920, height: 1080, wallFit: 'fit' },
        { path: 'files.3', width: null, height: null, wallFit: null },
      ],
      walls,
    );
    expect(problems.fields).toEqual({ 'files.1.wallFit': WALL_MESSAGES.sizeMismatch });
    expect(problems.hint).toBe('Lobby: 3870×2190, 1935×1095');
    expect(
      wallContentProblems([{ path: 'files.0', width: 3860, height: 2185, wallFit: null }], walls).fields,
    ).toEqual({});
  });

  it('places matching content over the canvas and other content as its fit says', () => {
    expect(wallPlacement(canvas, { width: 3870, height: 2190 }, null)).toEqual({ x: 0, y: 0, ...canvas });
    expect(wallPlacement(canvas, { width: null, height: null }, null)).toEqual({ x: 0, y: 0, ...canvas });
    const fit = wallPlacement(canvas, { width: 1000, height: 1000 }, 'fit');
    expect(fit).toEqual({ x: (3870 - 2190) / 2, y: 0, width: 2190, height: 2190 });
    const fill = wallPlacement(canvas, { width: 1000, height: 1000 }, 'fill');
    expect(fill.width).toBe(3870);
    expect(fill.y).toBe((2190 - 3870) / 2);
  });
});

describe('a tile’s crop', () => {
  const wall = {
    tile: { x: 1950, y: 0, width: 1920, height: 1080 },
    canvas: { width: 3870, height: 2190 },
    placements: [{ fileId: 5, x: 840, y: 0, width: 2190, height: 2190 }],
  };

  it('lays the picture at the canvas size, moved by the tile’s place and scaled to the stage', () => {
    expect(tileStyle(wall, 9, { width: 960, height: 540 })).toEqual({
      width: '3870px',
      height: '2190px',
      transform: 'scale(0.5, 0.5) translate(-1950px, 0px)',
    });
    // A file placed to fit: its own rectangle of the canvas.
    expect(tileStyle(wall, 5, { width: 1920, height: 1080 })).toEqual({
      width: '2190px',
      height: '2190px',
      transform: 'scale(1, 1) translate(-1110px, 0px)',
    });
  });
});
