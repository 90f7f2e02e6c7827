/**
 * "Sendable on channel X" (opted in on the channel, an address there, that address not suppressed):
 * every audience count and member list goes through the contacts part's one condition.
 */
export { sendableOn } from '../contacts/suppression';
