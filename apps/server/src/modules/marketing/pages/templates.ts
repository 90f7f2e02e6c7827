import type { LandingDesign } from './design';

/** A starter template, the same for every community of the installation. */
export interface LandingTemplate {
  key: string;
  name: string;
  description: string;
  design: LandingDesign;
}

const consentText = 'I agree to receive news and offers by email. I can unsubscribe at any time.';

export const LANDING_TEMPLATES: LandingTemplate[] = [
  {
    key: 'lead-capture',
    name: 'Lead capture',
    description: 'A headline, three reasons and a signup form: collect interested visitors.',
    design: {
      accent: '#1f6feb',
      blocks: [
        { id: 'hero', type: 'hero', heading: 'Get our free guide', subheading: 'Practical advice from our experts, in your inbox.' },
        {
          id: 'features',
          type: 'features',
          heading: 'What you get',
          items: [
            { title: 'Expert tips', text: 'What we learned on hundreds of projects.' },
            { title: 'Early offers', text: 'Hear about new products before anyone else.' },
            { title: 'No spam', text: 'One mail a month at most.' },
          ],
        },
        { id: 'signup', type: 'signup', heading: 'Sign up', buttonLabel: 'Send me the guide', consentText, optIn: 'double' },
        { id: 'footer', type: 'footer', text: 'You can unsubscribe from every mail we send.' },
      ],
    },
  },
  {
    key: 'product-launch',
    name: 'Product launch',
    description: 'Introduce a product with an image, a customer quote and a button to the shop.',
    design: {
      accent: '#c2410c',
      blocks: [
        {
          id: 'hero',
          type: 'hero',
          heading: 'Meet our new product',
          subheading: 'Designed with our customers, built to last.',
          ctaLabel: 'See it in the shop',
          ctaUrl: '/',
        },
        {
          id: 'story',
          type: 'text',
          heading: 'Why we made it',
          body: 'Tell the story of the product: the problem it solves and who it is for.',
        },
        {
          id: 'quote',
          type: 'testimonial',
          quote: 'Exactly what we were missing on site.',
          author: 'A happy customer',
          role: 'Contractor',
        },
        { id: 'buy', type: 'cta', heading: 'Available now', label: 'Order now', url: '/' },
        { id: 'footer', type: 'footer', text: '' },
      ],
    },
  },
  {
    key: 'event-invitation',
    name: 'Event invitation',
    description: 'Invite people to an event and let them register their interest.',
    design: {
      accent: '#15803d',
      blocks: [
        { id: 'hero', type: 'hero', heading: 'You are invited', subheading: 'Join us for an evening of talks and demonstrations.' },
        { id: 'agenda', type: 'text', heading: 'Agenda', body: '18:00 Welcome\n18:30 Talks\n20:00 Dinner and demonstrations' },
        {
          id: 'signup',
          type: 'signup',
          heading: 'Reserve your seat',
          buttonLabel: 'Count me in',
          askPhone: true,
          consentText: 'I agree to receive the invitation details and related news by email.',
          optIn: 'double',
          tags: ['event'],
        },
        { id: 'footer', type: 'footer', text: 'Questions? Write to us.' },
      ],
    },
  },
];

export const templateByKey = (key: string) => LANDING_TEMPLATES.find((t) => t.key === key);
