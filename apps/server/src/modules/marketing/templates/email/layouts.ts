import type { EmailLayout } from '../../tables/templates';
import type { EmailDesign } from './design';

// The four starter layouts every community starts from (the library, installation-wide). They are
// starting points: the words are the author's to change, and a layout with a products, posts or image
// block is finished by picking them in the editor (a save refuses an empty one, naming the block).

export interface StarterLayout {
  key: EmailLayout;
  name: string;
  description: string;
  subject: string;
  preheader: string;
  design: EmailDesign;
}

const SETTINGS: EmailDesign['settings'] = {
  background: '#f4f4f5',
  contentBackground: '#ffffff',
  accent: '#cd3197',
  textColor: '#1f2937',
  font: 'sans',
};
const header = { id: 'header', type: 'header', logoUrl: '', title: '{{ business_name }}', align: 'center' } as const;
const footer = {
  id: 'footer',
  type: 'footer',
  html: '<p>You receive this because you asked us to keep you posted.</p>',
} as const;

export const STARTER_LAYOUTS: StarterLayout[] = [
  {
    key: 'layout-1',
    name: 'Simple letter',
    description: 'A personal note: a greeting, a few paragraphs and one call to action.',
    subject: 'A note from {{ business_name }}',
    preheader: 'A few words for you, {{ first_name }}',
    design: {
      version: 1,
      settings: SETTINGS,
      blocks: [
        header,
        {
          id: 'intro',
          type: 'text',
          align: 'left',
          html: '<p>Hi {{ first_name }},</p><p>Thank you for being with us. Here is what we would like you to know.</p>',
        },
        { id: 'cta', type: 'button', label: 'Visit our website', href: '{{ business_website }}', align: 'center' },
        { id: 'sign-off', type: 'text', align: 'left', html: '<p>Warm regards,<br>The {{ business_name }} team</p>' },
        footer,
      ],
    },
  },
  {
    key: 'layout-2',
    name: 'Product showcase',
    description: 'Products from your shop as cards, two to a row, with a link to the shop.',
    subject: 'New at {{ business_name }}',
    preheader: 'Picked for you, {{ first_name }}',
    design: {
      version: 1,
      settings: SETTINGS,
      blocks: [
        header,
        { id: 'intro', type: 'text', align: 'center', html: '<h2>Picked for you</h2><p>Hi {{ first_name }}, these just arrived.</p>' },
        { id: 'products', type: 'cards', source: 'products', heading: '', items: [], buttonLabel: 'View product' },
        { id: 'cta', type: 'button', label: 'See the whole shop', href: '{{ business_website }}', align: 'center' },
        footer,
      ],
    },
  },
  {
    key: 'layout-3',
    name: 'Announcement',
    description: 'One large image, a headline and a button: an event, an opening, an offer.',
    subject: 'News from {{ business_name }}',
    preheader: 'Something we could not wait to tell you',
    design: {
      version: 1,
      settings: SETTINGS,
      blocks: [
        header,
        { id: 'hero', type: 'image', url: '', alt: '', href: '', width: 600 },
        {
          id: 'headline',
          type: 'text',
          align: 'center',
          html: '<h2>Big news</h2><p>{{ first_name }}, we have something to share with you.</p>',
        },
        { id: 'cta', type: 'button', label: 'Find out more', href: '{{ business_website }}', align: 'center' },
        footer,
      ],
    },
  },
  {
    key: 'layout-4',
    name: 'Newsletter',
    description: 'An introduction, two columns of news and the latest posts from your blog.',
    subject: '{{ business_name }} newsletter',
    preheader: 'What happened this month',
    design: {
      version: 1,
      settings: SETTINGS,
      blocks: [
        header,
        { id: 'intro', type: 'text', align: 'left', html: '<p>Hi {{ first_name }},</p><p>Here is what happened this month.</p>' },
        {
          id: 'news',
          type: 'columns',
          columns: [
            { imageUrl: '', imageAlt: '', html: '<h3>In the showroom</h3><p>What is new on display.</p>' },
            { imageUrl: '', imageAlt: '', html: '<h3>On site</h3><p>A project we finished.</p>' },
          ],
        },
        { id: 'divider', type: 'divider' },
        { id: 'posts', type: 'cards', source: 'posts', heading: 'From the blog', items: [], buttonLabel: 'Read more' },
        footer,
      ],
    },
  },
];

export const layoutByKey = (key: string) => STARTER_LAYOUTS.find((l) => l.key === key);
