import { defineResource } from '../../../kernel/resources';
import { publishing } from '../services/hooks';
import { siteBanners } from '../tables';
import { inputs, publishedScope, publishingAttention, ui } from './common';

/** Home-page (and section) banners: the hero slides of the website. */
export const bannersResource = defineResource({
  path: 'site/banners',
  module: 'site',
  table: siteBanners,
  label: { singular: 'Home banner', plural: 'Home banners' },
  input: {
    title: (s) => s.trim().min(1).max(160),
    subtitle: (s) => s.trim().max(300),
    image: inputs.image,
    mobileImage: inputs.image,
    linkUrl: inputs.url,
    ctaLabel: (s) => s.trim().max(40),
    sortOrder: inputs.sortOrder,
  },
  scopes: publishedScope(siteBanners),
  list: {
    search: ['title', 'subtitle'],
    filters: ['status', 'placement', 'publishAt'],
    sort: ['sortOrder', 'title', 'publishAt'],
    defaultSort: 'sortOrder',
  },
  fields: {
    ...ui,
    mobileImage: { widget: 'image', label: 'Image for phones' },
    linkUrl: { widget: 'url', label: 'Link' },
    ctaLabel: { label: 'Button label' },
    unpublishAt: { widget: 'datetime', help: 'Taken off the website from this moment' },
  },
  ui: {
    attention: publishingAttention,
    setup: { label: 'Add a banner to the home page', filter: { status: 'published', placement: 'home' } },
    title: 'title',
    columns: ['image', 'title', 'placement', 'status', 'sortOrder', 'publishAt'],
  },
  hooks: { beforeWrite: publishing },
  examples: [
    {
      title: 'Surfaces that last a lifetime',
      subtitle: 'Porcelain tiles, WPC cladding and façade systems engineered for tropical climates',
      image: {
        url: 'https://images.euro-building.example/banners/hero-facade.jpg',
        alt: 'Glass-fronted office tower clad in grey façade panels',
      },
      linkUrl: '/products',
      ctaLabel: 'Explore products',
      status: 'published',
      sortOrder: 1,
    },
    {
      title: 'New: Terra collection',
      subtitle: 'Earth-toned large-format slabs, 1200 × 2400 mm',
      image: { url: 'https://images.euro-building.example/banners/terra.jpg', alt: 'Living room floor in warm terracotta slabs' },
      linkUrl: '/products/terra-slab-1200x2400',
      ctaLabel: 'See the collection',
      status: 'published',
      sortOrder: 2,
    },
    {
      title: 'Meet us at the Architecture Expo',
      image: { url: 'https://images.euro-building.example/banners/expo.jpg', alt: 'Exhibition stand with product samples' },
      linkUrl: '/events',
      ctaLabel: 'Register',
      status: 'draft',
      sortOrder: 3,
    },
  ],
});
