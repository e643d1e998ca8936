/**
 * Whether an update names at least one value: drizzle refuses an UPDATE with nothing to set ('No values to
 * set'), and a patch that changes nothing (a folder saved under its own name) is a read, not an error.
 */
export function hasChanges(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}

/** An ILIKE pattern matching `value` anywhere, with the user's % _ and \ taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
