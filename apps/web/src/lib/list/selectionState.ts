/** The chosen ids with `id` chosen if it was not, dropped if it was (a new set). */
export function toggledId(chosen: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every id of the page is chosen (never for an empty page): the 'select all' box's state. */
export const allChosen = (ids: number[], chosen: ReadonlySet<number>) =>
  ids.length > 0 && ids.every((id) => chosen.has(id));
