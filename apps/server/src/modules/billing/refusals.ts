import { BILLING_HINTS, MESSAGES, type Tariff } from '@vitrine/core';
import { AppError, fieldError } from '../../lib/errors.js';

/** The database's check that a balance never goes below zero. */
export const BALANCE_CHECK = 'cabinets_balance_not_negative';
/** The database's bound of a balance (core's MAX_BALANCE). */
export const BALANCE_MAX_CHECK = 'cabinets_balance_at_most';

/** A credit the balance cannot hold (past core's MAX_BALANCE), named on the amount. */
export const balanceTooLarge = (): AppError => fieldError('amount', MESSAGES.balanceTooLarge);

/** The spec's balance refusal (§8), with its second line. */
export const balanceRefusal = (): AppError =>
  new AppError('BALANCE_NOT_ENOUGH', undefined, undefined, { hint: BILLING_HINTS.BALANCE_NOT_ENOUGH });

/** The spec's tariff refusal (§8), naming the cheapest tariff that would allow the action. */
export const tariffRefusal = (allowing: Tariff | undefined): AppError =>
  new AppError('TARIFF_NOT_ALLOWED', undefined, undefined, {
    hint: BILLING_HINTS.TARIFF_NOT_ALLOWED,
    ...(allowing ? { tariff: allowing } : {}),
  });
