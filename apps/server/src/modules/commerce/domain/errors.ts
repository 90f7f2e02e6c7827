import { DomainError, type ErrorDetails } from '../../../kernel/errors';

/**
 * Errors of the commerce domain. Two kinds, kept apart on purpose:
 * - an outcome the shop expects (not enough stock, an illegal transition, a return of more than was
 *   bought) is returned as a `Result`, so the caller has to look at it;
 * - an argument the HTTP edge should already have refused (a negative price, a fractional quantity,
 *   an unknown currency) is thrown as a `DomainError`.
 * Either way the `code` is stable: the HTTP layer maps it to a 4xx and shows `message` to people.
 */

export type DomainErrorCode =
  | 'invalid_amount'
  | 'amount_out_of_range'
  | 'unknown_currency'
  | 'invalid_quantity'
  | 'invalid_rate'
  | 'invalid_allocation'
  | 'illegal_transition'
  | 'insufficient_stock'
  | 'not_reserved'
  | 'below_reserved'
  | 'empty_request'
  | 'unknown_line'
  | 'dispatch_exceeds_ordered'
  | 'return_exceeds_purchased'
  | 'invalid_order_number';

export type { ErrorDetails };
// The kernel's rule error, so money's refusals (kernel/money) and commerce's are one type.
export { DomainError };

export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError<DomainErrorCode> };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(code: DomainErrorCode, message: string, details?: ErrorDetails): Result<T> => ({
  ok: false,
  error: new DomainError<DomainErrorCode>(code, message, details),
});
