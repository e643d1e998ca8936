import { z } from 'zod';
import { idSchema, text } from './common.js';
import { MemberRoleSchema, RoleSchema } from './user.js';

/**
 * Shared access (spec §7 share-access, §6 'User share access: owner, moderator'): a person who already has
 * an account is given a role in this cabinet too, and switches between their cabinets in the account menu.
 */
export const ShareAccessBody = z.strictObject({
  /** The person's login or e-mail address. */
  login: text(254, { min: 1 }),
  role: MemberRoleSchema,
});
export type ShareAccessBody = z.infer<typeof ShareAccessBody>;

export const SharedAccess = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
});
export type SharedAccess = z.infer<typeof SharedAccess>;
export const SharedAccessList = z.object({ items: z.array(SharedAccess) });

/** The cabinets a person works in: their own first, then those shared with them; `current` is the one in use. */
export const MyCabinets = z.object({
  current: z.number().int(),
  cabinets: z.array(z.object({ id: z.number().int(), name: z.string(), role: RoleSchema, own: z.boolean() })),
});
export type MyCabinets = z.infer<typeof MyCabinets>;

export const SwitchCabinetBody = z.strictObject({ cabinetId: idSchema });
