/**
 * `load` run once and its promise shared by every caller; a load that failed (offline, a chunk a new
 * release replaced) is run again by the next call instead of failing for good.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
