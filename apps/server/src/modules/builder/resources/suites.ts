import { z } from 'zod';
import { defineResource } from '../../../kernel/resources';
import { builderSuites } from '../tables';

const pageSchema = z
  .object({ name: z.string().trim().min(1).max(120), route: z.string().trim().max(200), admin: z.boolean().optional() })
  .strict();
const roleSchema = z.object({ name: z.string().trim().min(1).max(60), description: z.string().trim().max(500).optional() }).strict();
const storySchema = z
  .object({
    title: z.string().trim().min(1).max(300),
    role: z.string().trim().min(1).max(60),
    page: z.string().trim().max(120).optional(),
    acceptanceCriteria: z.array(z.string().trim().min(1).max(500)).max(30).optional(),
  })
  .strict();

/**
 * Business suites (platform catalogue, written by platform operators): a kind of website or app with
 * the default pages, roles and user stories a project created from it starts with.
 */
export const suitesResource = defineResource({
  path: 'builder/suites',
  module: 'builder',
  table: builderSuites,
  label: { singular: 'Business suite', plural: 'Business suites' },
  input: {
    key: (s) =>
      s
        .trim()
        .min(1)
        .max(60)
        .regex(/^[a-z0-9-]+$/, 'Lowercase letters, digits and dashes'),
    name: (s) => s.trim().min(1).max(120),
    description: (s) => s.trim().max(2000),
    pages: () => z.array(pageSchema).max(200),
    roles: () => z.array(roleSchema).max(50),
    stories: () => z.array(storySchema).max(500),
  },
  list: { search: ['name', 'key'], filters: ['active'], sort: ['name'], defaultSort: 'name' },
  fields: { description: { widget: 'textarea' }, pages: { widget: 'json' }, roles: { widget: 'json' }, stories: { widget: 'json' } },
  ui: { title: 'name', columns: ['name', 'key', 'active'] },
  examples: [
    {
      key: 'online-store',
      name: 'Online store',
      description: 'A shop with catalogue, cart, checkout and order tracking.',
      pages: [
        { name: 'Home', route: '/' },
        { name: 'Product list', route: '/products' },
        { name: 'Product detail', route: '/products/:slug' },
        { name: 'Cart', route: '/cart' },
        { name: 'Checkout', route: '/checkout' },
        { name: 'Orders', route: '/admin/orders', admin: true },
        { name: 'Products', route: '/admin/products', admin: true },
      ],
      roles: [
        { name: 'Shopper', description: 'Browses and buys' },
        { name: 'Store manager', description: 'Runs the catalogue and orders' },
      ],
      stories: [
        {
          title: 'As a shopper I can filter products by category and price',
          role: 'Shopper',
          page: 'Product list',
          acceptanceCriteria: ['Filters combine', 'The URL keeps the filters'],
        },
        {
          title: 'As a shopper I can pay by card or UPI at checkout',
          role: 'Shopper',
          page: 'Checkout',
          acceptanceCriteria: ['A failed payment keeps the cart', 'A receipt is emailed'],
        },
        {
          title: 'As a store manager I can mark an order shipped with a tracking number',
          role: 'Store manager',
          page: 'Orders',
          acceptanceCriteria: ['The shopper is emailed the tracking link'],
        },
      ],
    },
    {
      key: 'corporate-site',
      name: 'Corporate website',
      description: 'Company pages, products, projects, careers and enquiries.',
      pages: [
        { name: 'Home', route: '/' },
        { name: 'About', route: '/about' },
        { name: 'Projects', route: '/projects' },
        { name: 'Careers', route: '/careers' },
        { name: 'Contact', route: '/contact' },
        { name: 'Enquiries', route: '/admin/enquiries', admin: true },
      ],
      roles: [{ name: 'Visitor' }, { name: 'Editor' }],
      stories: [
        {
          title: 'As a visitor I can send an enquiry from any page',
          role: 'Visitor',
          page: 'Contact',
          acceptanceCriteria: ['The form refuses an invalid email', 'The team is notified'],
        },
        { title: 'As an editor I can publish a project with a gallery', role: 'Editor', page: 'Projects' },
      ],
    },
    {
      key: 'booking-app',
      name: 'Booking app',
      description: 'Appointments with slots, reminders and payments (web and mobile).',
      pages: [
        { name: 'Services', route: '/services' },
        { name: 'Book a slot', route: '/book' },
        { name: 'My bookings', route: '/me/bookings' },
        { name: 'Calendar', route: '/admin/calendar', admin: true },
      ],
      roles: [{ name: 'Customer' }, { name: 'Staff' }],
      stories: [
        {
          title: 'As a customer I can book a free slot and get a reminder',
          role: 'Customer',
          page: 'Book a slot',
          acceptanceCriteria: ['Taken slots are not offered', 'A reminder goes out a day before'],
        },
      ],
    },
  ],
});
