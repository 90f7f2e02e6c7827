import { mergeContact } from '../contacts/merge';
import type { ContactIntake } from '../contacts/sources';

/** How other modules hand a person to the marketing contacts (contact-us "convert to contact"). */
export const contactIntake: ContactIntake = {
  async take(tx, tenantId, person, kind, proof) {
    const { contact, created } = await mergeContact(tx, tenantId, person, kind, proof);
    return { contactId: contact.id, created };
  },
};
