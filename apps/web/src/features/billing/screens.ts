import { type AreaDeclaration, recordPage, type Screen } from '../../config/screen-types';
import { PLATFORM_ADDONS_PATH, PLATFORM_BILLING_PATH, PLATFORM_PLANS_PATH } from './paths';

/** One of the AI assists (ai-assists.tsx, one chunk for all of them). */
const assist = (name: 'ProductDescriptionAssist' | 'BlogSummaryAssist' | 'AltTextAssist' | 'SubjectLinesAssist') => () =>
  import('./ai-assists').then((m) => ({ default: m[name] }));

const SECTION: Pick<Screen, 'group' | 'section' | 'modules'> = { group: 'settings', section: 'Billing', modules: ['billing'] };
/** Screens reached from others (a payment step, a result, one add-on): served, in no menu or palette. */
const STEP = { nav: false, palette: false } as const;

/**
 * The platform operators' screens: every community's owner holds the permission modules too (owners
 * hold all), so these stay out of the menu and palette; Billing links to them for operators.
 */
const PLATFORM: Pick<Screen, 'group' | 'section' | 'modules' | 'nav' | 'palette' | 'beyondContract'> = {
  ...SECTION,
  modules: ['billing-catalogue'],
  nav: false,
  palette: false,
  beyondContract: 'Platform operators manage plans, add-ons and requests and see revenue (issue 27 item 7): the seeds had no screen for it',
};

/** Billing (Settings → Billing): plan, usage, invoices, payment, add-ons; the public pricing and sign-up pages. */
export const billingArea: AreaDeclaration = {
  screens: [
    {
      path: '/admin-panel/plans-vue',
      label: 'Plans and pricing',
      description: 'The plans compared, with their prices per period',
      ...SECTION,
      modules: [],
      nav: false,
      public: true,
      keywords: ['pricing', 'plans'],
      component: () => import('./plans-page'),
    },
    {
      path: '/getapp',
      label: 'Get started',
      description: 'Create a community with the plan you choose',
      ...SECTION,
      modules: [],
      ...STEP,
      public: true,
      component: () => import('./getapp-page'),
    },
    {
      path: '/admin-panel/billing',
      label: 'Billing',
      description: 'Your plan, usage, invoices and payment',
      ...SECTION,
      nav: true,
      keywords: ['plan', 'subscription', 'invoices', 'upgrade', 'usage', 'quota'],
      component: () => import('./billing-page'),
    },
    {
      path: '/admin-panel/billing/done',
      label: 'Payment result',
      description: 'The verified result of a payment',
      ...SECTION,
      ...STEP,
      component: () => import('./billing-done-page'),
    },
    {
      path: '/admin-panel/BillingIframe',
      label: 'Pay an invoice',
      description: 'The payment step of an invoice',
      ...SECTION,
      ...STEP,
      component: () => import('./billing-iframe-page'),
    },
    recordPage({
      path: '/invoice',
      label: 'Invoices',
      description: 'Your invoices, each with its PDF (one invoice: ?record=<id>)',
      ...SECTION,
      nav: false,
      keywords: ['invoice', 'pdf', 'gst'],
      component: () => import('./invoice-page'),
    }),
    {
      path: '/admin-panel/add-Ons',
      label: 'Add-ons',
      description: 'Message packs, storage, AI credits and extra admins',
      ...SECTION,
      nav: true,
      keywords: ['add-ons', 'addons', 'credits'],
      component: () => import('./addons-page'),
    },
    {
      path: '/admin-panel/add-ons/addonsdetail',
      label: 'Add-on',
      description: 'Buy or request one add-on',
      ...SECTION,
      ...STEP,
      component: () => import('./addon-detail-page'),
    },
    {
      path: '/admin-panel/add-ons/my-addons',
      label: 'My add-ons',
      description: 'Active add-ons and their usage',
      ...SECTION,
      nav: false,
      component: () => import('./my-addons-page'),
    },
    {
      path: '/admin-panel/add-ons/my-request',
      label: 'My add-on requests',
      description: 'Add-ons asked for, and where each stands',
      ...SECTION,
      nav: false,
      component: () => import('./my-addons-page'),
    },
    {
      path: '/admin-panel/campaign-addon',
      label: 'Campaign add-ons',
      description: 'SMS, email and WhatsApp message packs',
      ...SECTION,
      nav: false,
      keywords: ['sms pack', 'email pack', 'whatsapp pack'],
      component: () => import('./addons-page'),
    },
    {
      path: '/admin-panel/cloud-addon',
      label: 'Cloud storage add-ons',
      description: 'More storage for uploads',
      ...SECTION,
      nav: false,
      keywords: ['storage'],
      component: () => import('./addons-page'),
    },
    {
      path: PLATFORM_BILLING_PATH,
      label: 'Platform billing',
      description: 'Revenue, churn, subscriptions and add-on requests (platform operators)',
      ...PLATFORM,
      component: () => import('./platform-page'),
    },
    {
      path: PLATFORM_PLANS_PATH,
      label: 'Plans',
      description: 'The plans, their prices and limits (platform operators)',
      ...PLATFORM,
      resource: 'billing/plans',
    },
    {
      path: PLATFORM_ADDONS_PATH,
      label: 'Add-ons (catalogue)',
      description: 'The add-ons offered and their prices (platform operators)',
      ...PLATFORM,
      resource: 'billing/addons',
    },
  ],
  // A past-due subscription or a trial's last days, above every screen.
  notices: [{ key: 'billing-status', modules: ['billing'], component: () => import('./billing-banner') }],
  // "Write with AI" beside other areas' fields (issue 27 item 6): hidden while AI writing is off.
  assists: [
    { key: 'ai-product-description', resource: 'commerce/products', field: 'description', component: assist('ProductDescriptionAssist') },
    { key: 'ai-product-alt-text', resource: 'commerce/products', field: 'images', component: assist('AltTextAssist') },
    { key: 'ai-blog-summary', resource: 'site/blogs', field: 'excerpt', component: assist('BlogSummaryAssist') },
    { key: 'ai-blog-cover-alt-text', resource: 'site/blogs', field: 'coverImage', component: assist('AltTextAssist') },
    // The campaign composer is its own form: these show where it places the kit's FieldAssistSlot for the subject.
    { key: 'ai-campaign-subject', resource: 'campaigns/campaigns', field: 'subject', component: assist('SubjectLinesAssist') },
  ],
};
