import { marketingContacts as c } from '../tables/contacts';

/** Who a contact is: name, addresses, locale and tags (what an import merges on, what member lists show). */
export const contactProfileColumns = {
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  whatsapp: c.whatsapp,
  country: c.country,
  language: c.language,
  tags: c.tags,
};

/** A contact's consent on each channel. */
export const contactConsentColumns = {
  emailConsent: c.emailConsent,
  smsConsent: c.smsConsent,
  whatsappConsent: c.whatsappConsent,
  pushConsent: c.pushConsent,
};
