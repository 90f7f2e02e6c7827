import { DomainError, fail, ok, type Result } from './errors';

/** Each event leads to one state, from the states listed. */
export type TransitionTable<S extends string, E extends string> = Readonly<Record<E, { readonly from: readonly S[]; readonly to: S }>>;

const words = (s: string) => s.replaceAll('_', ' ');

/**
 * A `transition(from, event)` over `table`. A refusal is an `illegal_transition` error whose message
 * names both states and where the event is allowed from, e.g. "An order cannot go from dispatched to
 * cancelled (cancel is allowed from pending payment, paid, processing)".
 */
export function stateMachine<S extends string, E extends string>(subject: string, table: TransitionTable<S, E>) {
  return function transition(from: S, event: E): Result<S> {
    const rule = Object.hasOwn(table, event) ? table[event] : undefined;
    if (!rule) throw new DomainError('illegal_transition', `${subject} has no event ${event}`, { from, event });
    if (rule.from.includes(from)) return ok(rule.to);
    const allowed = rule.from.length === 0 ? 'never allowed' : `allowed from ${rule.from.map(words).join(', ')}`;
    return fail('illegal_transition', `${subject} cannot go from ${words(from)} to ${words(rule.to)} (${words(event)} is ${allowed})`, {
      from,
      to: rule.to,
      event,
    });
  };
}

/** The events allowed in `state`, in the table's order (the actions a screen offers). */
export function eventsFrom<S extends string, E extends string>(table: TransitionTable<S, E>, state: S): E[] {
  return (Object.keys(table) as E[]).filter((event) => table[event].from.includes(state));
}
