/**
 * A refusal thrown by a pure rule (money arithmetic, an order's state machine): an argument the HTTP
 * edge should already have refused, or an outcome a caller asked for that the rule does not allow.
 * It carries a stable `code` and its `details` (field → value); it knows nothing of HTTP. The error
 * handler answers one that reaches it with 400 `{ code, message, fields: details }`; a module that
 * wants other statuses for some codes (commerce: 409 for a conflict with a record's state) maps it first.
 */
export type ErrorDetails = Readonly<Record<string, string | number>>;

export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
