import { inSection, recordHref, recordPage, type Screen } from '../../../config/screen-types';

const TEMPLATES = '/admin-panel/templates';
const editor = () => import('./email-editor-page');

/** A screen of Marketing → templates, readable with the templates permission module. */
const templates = inSection({ group: 'marketing', section: 'Templates', modules: ['marketing-templates'], nav: false });

/** The editor on starter layout n (templatelayout-1 … -4); an existing template opens on its layout's route (`?record=<id>`, a copy `?copy=<id>`). */
const layoutEditor = (n: number, name: string): Screen =>
  templates(
    recordPage(
      {
        path: `/admin-panel/templatelayout-${n}`,
        label: `Email editor: ${name}`,
        description: `A new email on the ${name} layout, or a template begun from it.`,
        palette: false,
        component: editor,
      },
      { from: 'copy' },
    ),
  );

/** Marketing → templates screens. */
export const templatesScreens: Screen[] = [
  templates({
    path: TEMPLATES,
    label: 'Email templates',
    description: 'Emails designed from blocks over starter layouts, with desktop and mobile previews and test sends.',
    keywords: ['email', 'newsletter', 'design', 'mjml'],
    nav: true,
    component: () => import('./templates-page'),
    records: [{ resource: 'marketing/email-templates', href: recordHref('/admin-panel/templatelayout-1') }],
  }),
  templates({
    path: '/admin-panel/template-select',
    label: 'Choose an email layout',
    description: 'Start a new email from one of four starter layouts.',
    keywords: ['new email', 'layout'],
    component: () => import('./template-select-page'),
  }),
  templates({
    path: '/admin-panel/pick-template',
    label: 'Start from a template',
    description: 'Copy one of your email templates into a new email.',
    keywords: ['copy email', 'duplicate'],
    component: () => import('./pick-template-page'),
  }),
  layoutEditor(1, 'Simple letter'),
  layoutEditor(2, 'Product showcase'),
  layoutEditor(3, 'Announcement'),
  layoutEditor(4, 'Newsletter'),
  templates({
    path: '/admin-panel/variable',
    label: 'Variables',
    description: 'Merge tags such as {{ first_name }}: where each value comes from and its default.',
    keywords: ['merge tags', 'personalisation', 'liquid'],
    nav: true,
    component: () => import('./variables-page'),
    drawer: 'marketing/variables',
  }),
  // The control center's settings link to the same list.
  templates({
    path: '/admin-panel/controlcenter/settings/Email-templates',
    label: 'Email templates',
    description: 'Emails designed from blocks over starter layouts.',
    aliasOf: TEMPLATES,
    component: () => import('./templates-page'),
  }),
];
