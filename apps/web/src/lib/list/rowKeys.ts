/** Rows a Page Up or Page Down moves by. */
export const PAGE_STEP = 10;

/**
 * The row a key moves the focus to from row `index` of `count`: arrows by one, Page Up and Page Down by
 * ten, Home and End to the ends, never past them; `null` for any other key.
 */
export function rowKeyTarget(key: string, index: number, count: number): number | null {
  const targets: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    Home: 0,
    End: count - 1,
    PageDown: index + PAGE_STEP,
    PageUp: index - PAGE_STEP,
  };
  return key in targets ? clampRow(targets[key]!, count) : null;
}

/** A row index kept within the rows (0 when there are none). */
export const clampRow = (index: number, count: number) => Math.max(0, Math.min(count - 1, index));
