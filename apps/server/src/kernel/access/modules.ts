/**
 * Permission modules. The seeds' admin modules (000 §3) come first, then one module per area.
 * A role grants each module 'read' or 'write' (write implies read); anything unnamed is denied.
 */
export const MODULES = [
  { key: 'performance', label: 'Performance', area: 'settings' },
  { key: 'payment-gateway', label: 'Payment Gateway', area: 'settings' },
  { key: 'domain', label: 'Domain', area: 'settings' },
  { key: 'notifications', label: 'Notifications', area: 'settings' },
  { key: 'email-templates', label: 'Email Templates', area: 'settings' },
  { key: 'sms-templates', label: 'SMS Templates', area: 'settings' },
  { key: 'version', label: 'Version', area: 'settings' },
  { key: 'admin-management', label: 'Admin Management', area: 'settings' },
  { key: 'error-management', label: 'Error Management', area: 'settings' },
  { key: 'google-analytics', label: 'Google Analytics', area: 'settings' },
  { key: 'role-management', label: 'Role Management', area: 'settings' },
  { key: 'contact-us', label: 'Contact Us', area: 'settings' },
  { key: 'marcom', label: 'Marcom', area: 'marcom' },
  { key: 'branding', label: 'Branding', area: 'settings' },
  { key: 'landing-page', label: 'Landing Page', area: 'marcom' },
  { key: 'builder', label: 'Builder', area: 'builder' },
  { key: 'user-management', label: 'User Management', area: 'settings' },
  { key: 'studio', label: 'Studio', area: 'studio' },
  { key: 'site', label: 'Website content', area: 'site' },
  { key: 'cms', label: 'CMS', area: 'cms' },
  { key: 'media', label: 'Media library', area: 'cms' },
  { key: 'commerce', label: 'Shop', area: 'commerce' },
  { key: 'billing', label: 'Billing and add-ons', area: 'billing' },
  { key: 'extensions', label: 'Extensions', area: 'extensions' },
  { key: 'support', label: 'Support chat', area: 'support' },
  { key: 'agreements', label: 'Agreements', area: 'agreements' },
  { key: 'elearning', label: 'E-learning', area: 'elearning' },
  { key: 'portfolio', label: 'Portfolio', area: 'portfolio' },
  { key: 'tracker', label: 'Issue tracker and logs', area: 'tracker' },
  { key: 'forms', label: 'Custom forms', area: 'cms' },
  { key: 'seo', label: 'SEO', area: 'cms' },
] as const;

export type ModuleKey = (typeof MODULES)[number]['key'];
export type Level = 'read' | 'write';
export type Permissions = Partial<Record<ModuleKey, Level>>;
/** A permission as routes name it: `site:write`. */
export type Permission = `${ModuleKey}:${Level}`;

export const MODULE_KEYS = MODULES.map((m) => m.key) as ModuleKey[];
