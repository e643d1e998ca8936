import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pointApi, statisticApi, wallApi } from '@vitrine/core';
import { areaKey, keyOf } from './contract';

/** Whether invalidating `by` marks the query cached under `key` stale. */
async function reaches(by: readonly unknown[], key: readonly unknown[]): Promise<boolean> {
  const client = new QueryClient();
  client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey: by, refetchType: 'none' });
  return client.getQueryState(key)?.isInvalidated ?? false;
}

describe('query keys derived from the contracts', () => {
  it('starts every key with its area, then the path and the input', () => {
    expect(keyOf(pointApi.list, { query: { limit: 1000 } })).toEqual([
      'point',
      pointApi.list.path,
      { query: { limit: 1000 } },
    ]);
    expect(keyOf(wallApi.list)).toEqual(['wall', wallApi.list.path]);
    expect(keyOf(wallApi.list, undefined, 'chart')).toEqual(['wall', wallApi.list.path, 'chart']);
    expect(areaKey(pointApi.patch)).toEqual(['point']);
  });

  it("refreshes a wall's cached screen list when a screen changes (the point area reaches it)", async () => {
    const wallScreens = keyOf(pointApi.list, { query: { limit: 1000 } });
    expect(await reaches(areaKey(pointApi.patch), wallScreens)).toBe(true);
    // A wall's own change does not reach a screen's list unless it says so (walls.api does).
    expect(await reaches(areaKey(wallApi.patch), wallScreens)).toBe(false);
  });

  it('reaches every input of a call from its input-less key, and not another call', async () => {
    const page = keyOf(statisticApi.list, { query: { from: '2026-01-01', to: '2026-01-31' } });
    expect(await reaches(keyOf(statisticApi.list), page)).toBe(true);
    expect(await reaches(keyOf(statisticApi.spoolReport), page)).toBe(false);
  });

  it('keeps two views of one call apart', () => {
    const input = { query: { limit: 1000 } } as const;
    expect(keyOf(pointApi.list, input, 'silent')).not.toEqual(keyOf(pointApi.list, input));
  });
});
