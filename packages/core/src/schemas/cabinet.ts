import { z } from 'zod';
import { TARIFFS } from '../constants.js';
import { NON_COMMERCIAL_MAX_PERCENT } from '../billing/charges.js';
import { PageQuery, nameSchema, text } from './common.js';
import { User } from './user.js';

export const TariffSchema = z.enum(TARIFFS);

export const Cabinet = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Money in the smallest currency unit (cents). */
  balance: z.number().int(),
  tariff: TariffSchema,
  discount: z.number().int(),
  blocked: z.boolean(),
  /** Playlist changes by content managers and agents wait for the owner (spec §4). */
  approvalRequired: z.boolean(),
  /** Members who may manage their security must turn two-factor on before anything else here. */
  twoFaRequired: z.boolean(),
  membersCount: z.number().int(),
  createdAt: z.string(),
});
export type Cabinet = z.infer<typeof Cabinet>;

export const CabinetList = z.object({ cabinets: z.array(Cabinet), total: z.number().int() });
export const CabinetListQuery = PageQuery;
export const CabinetInfo = z.object({ cabinet: Cabinet, members: z.array(User) });
export type CabinetInfo = z.infer<typeof CabinetInfo>;

/** The owner's setting: members must turn two-factor on (docs/security.md). */
export const TwoFaRequirementBody = z.strictObject({ twoFaRequired: z.boolean() });

/**
 * The platform admin's change of a cabinet. Tariff, discount (the non-commercial one, spec §9: up to 50 %)
 * and the block go through billing, which records each change in the cabinet's ledger with who made it
 * and `note`, the reason (docs/billing.md).
 */
export const CabinetPatchBody = z.strictObject({
  name: nameSchema.optional(),
  blocked: z.boolean().optional(),
  tariff: TariffSchema.optional(),
  discount: z.number().int().min(0).max(NON_COMMERCIAL_MAX_PERCENT).optional(),
  /** Why: kept with the change in the ledger. */
  note: text(500).optional(),
});
export type CabinetPatchBody = z.infer<typeof CabinetPatchBody>;
