/**
 * Plain checks of JSON read from the network or a cache, for code that stays without zod (the player):
 * the building blocks of isStudioDocument and isPluginInstanceContent.
 */
export type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A row id as the schemas' idSchema takes it: a positive integer. */
export const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

export const isNullOr = (check: (value: unknown) => boolean, value: unknown): boolean =>
  value === null || check(value);
