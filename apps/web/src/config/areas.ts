/** Display names of the permission modules' areas (GET /api/v1/meta/modules → area). */
export const AREA_LABELS: Record<string, string> = {
  settings: 'Settings',
  marcom: 'Marketing',
  builder: 'Builder',
  studio: 'Design studio',
  site: 'Website content',
  cms: 'Content and media',
  media: 'Media library',
  commerce: 'Shop',
  billing: 'Billing',
  extensions: 'Extensions',
  support: 'Support',
  agreements: 'Agreements',
  elearning: 'E-learning',
  portfolio: 'Portfolio',
  tracker: 'Tracker',
};

export const areaLabel = (area: string) => AREA_LABELS[area] ?? area.charAt(0).toUpperCase() + area.slice(1);
