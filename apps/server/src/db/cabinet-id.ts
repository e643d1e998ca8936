/**
 * A cabinet's id, branded: repositories of cabinet-owned rows take one, so a plain number or another row's
 * id cannot be passed where the cabinet goes. Rows carry it (`cabinet_id` columns and `cabinets.id` are
 * typed so in the schema), the caller carries it; nothing else makes one.
 */
export type CabinetId = number & { readonly __brand: 'CabinetId' };

/**
 * A number meant as a cabinet's id, only where one enters other than on a row: a verified token's claim,
 * a stored setting, or a cabinet the platform admin names (whose row is then looked up). Nowhere else.
 */
export const asCabinetId = (id: number): CabinetId => id as CabinetId;
