/** The platform operators' billing screens (community `-`), beyond the seeds' routes. */
export const PLATFORM_BILLING_PATH = '/admin-panel/platform/billing';
export const PLATFORM_PLANS_PATH = '/admin-panel/platform/plans';
export const PLATFORM_ADDONS_PATH = '/admin-panel/platform/add-ons';
