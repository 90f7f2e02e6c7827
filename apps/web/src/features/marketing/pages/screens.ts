import { type DashboardCard, inSection, recordHref, recordPage, type Screen } from '../../../config/screen-types';
import { LANDING_ROUTE, TEMPLATES_ROUTE } from './pages-api';

const pages = inSection({ group: 'marketing', section: 'Landing pages', modules: ['marketing-pages'] });

/** Marketing → landing pages: the list (and a page's editor with ?record=), the templates gallery. */
export const pagesScreens: Screen[] = [
  pages(
    recordPage({
      path: LANDING_ROUTE,
      label: 'Landing pages',
      description: 'Block-built pages on your public site, with opens, clicks and signups.',
      keywords: ['landing page', 'signup', 'campaign page', 'conversion'],
      component: () => import('./landing-pages-page'),
      records: [{ resource: 'marketing/landing-pages', href: recordHref(LANDING_ROUTE) }],
    }),
  ),
  pages({
    path: TEMPLATES_ROUTE,
    label: 'Landing page templates',
    description: 'Start a landing page from a template.',
    nav: false,
    keywords: ['landing page template'],
    component: () => import('./templates-page'),
  }),
];

/** The dashboard's landing-page card: visits and conversions of the last 30 days. */
export const pagesCards: DashboardCard[] = [
  { key: 'landing-traffic', modules: ['marketing-pages'], component: () => import('./traffic-card') },
];
