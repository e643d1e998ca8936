import { Dashboard } from '@vitrine/core';
import { z } from 'zod';

/** Everything the dashboard answers but broadcast fullness: a few figures, encoded on every request. */
const Figures = Dashboard.omit({ fullness: true });
/** Each fullness view's JSON, by the view object: FullnessService hands out the same object while it holds. */
const fullnessJson = new WeakMap<Dashboard['fullness'], string>();

/**
 * The dashboard's answer as JSON, encoded through its contract's schema as every answer is (the response
 * serialiser encodes, then stringifies), byte for byte the same, except that broadcast fullness is encoded
 * once per view. A fleet's fullness is 10,000 screens (about a megabyte); the page polls it every few
 * seconds while screens are planned and the view changes only when a batch is stored, so encoding it anew
 * on each poll (tens of milliseconds and their garbage, on the event loop) bought nothing.
 */
export function dashboardJson(dashboard: Dashboard): string {
  const { fullness, ...figures } = dashboard;
  let tail = fullnessJson.get(fullness);
  if (tail === undefined) {
    tail = JSON.stringify(z.encode(Dashboard.shape.fullness, fullness));
    fullnessJson.set(fullness, tail);
  }
  const head = JSON.stringify(z.encode(Figures, figures));
  // Fullness is the schema's last key: the whole schema's encoding has it last too.
  return `${head.slice(0, -1)},"fullness":${tail}}`;
}
