/** How the console renders a field; the JSON type alone cannot say "rich text" or "money". */
export const WIDGETS = [
  'text',
  'textarea',
  'richtext',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'switch',
  'select',
  'relation',
  'image',
  'file',
  'color',
  'email',
  'url',
  'password',
  'tags',
  'json',
  // Standard codes, stored as codes and picked by name (codes.ts): ISO 3166-1 alpha-2, ISO 4217, BCP 47, IANA.
  'country',
  'currency',
  'language',
  'timezone',
] as const;
export type Widget = (typeof WIDGETS)[number];

/** Badge colours by meaning (the console maps them to its theme). */
export const BADGE_COLORS = ['green', 'gray', 'blue', 'yellow', 'red'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];
