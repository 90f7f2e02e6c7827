import { request } from '../../../api/client';

// Landing pages (server: modules/marketing/pages): the kit's CRUD at marketing/landing-pages, plus
// templates, per-day stats and the preview.

export const PAGES_PATH = 'marketing/landing-pages';
export const LANDING_ROUTE = '/admin-panel/landing-page';
export const TEMPLATES_ROUTE = '/admin-panel/landing-page/templates';

export type BlockType = 'hero' | 'text' | 'image' | 'features' | 'testimonial' | 'cta' | 'signup' | 'footer';
export type Block = { id: string; type: BlockType } & Record<string, unknown>;
export interface Design {
  accent: string;
  blocks: Block[];
}

export interface LandingPage {
  id: string;
  name: string;
  slug: string;
  status: 'draft' | 'published';
  templateKey: string | null;
  design: Design;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: string | null;
  opens: number;
  clicks: number;
  signups: number;
  updatedAt: string;
}

export interface LandingTemplate {
  key: string;
  name: string;
  description: string;
  design: Design;
}

export interface PageStats {
  page: LandingPage;
  days: { day: string; opens: number; clicks: number; signups: number }[];
  blocks: { blockId: string; clicks: number; signups: number }[];
  period: { opens: number; clicks: number; signups: number; conversionRate: number };
}

/** Signups per open in percent, one decimal (the server's rule). */
export const conversion = (signups: number, opens: number) => (opens > 0 ? Math.round((signups / opens) * 1000) / 10 : 0);

export const getPage = (id: string) => request<{ data: LandingPage }>('GET', `/api/v1/${PAGES_PATH}/${id}`).then((r) => r.data);
export const createPage = (body: Record<string, unknown>) =>
  request<{ data: LandingPage }>('POST', `/api/v1/${PAGES_PATH}`, { body }).then((r) => r.data);
export const savePage = (id: string, body: Record<string, unknown>) =>
  request<{ data: LandingPage }>('PATCH', `/api/v1/${PAGES_PATH}/${id}`, { body }).then((r) => r.data);
export const getTemplates = () =>
  request<{ data: LandingTemplate[] }>('GET', '/api/v1/marketing/landing-page-templates').then((r) => r.data);
export const getStats = (id: string, days = 30) =>
  request<{ data: PageStats }>('GET', `/api/v1/${PAGES_PATH}/${id}/stats`, { query: { days } }).then((r) => r.data);
export interface Traffic {
  days: PageStats['days'];
  pages: { id: string; name: string; opens: number; signups: number; conversionRate: number }[];
  period: PageStats['period'];
}
export const getTraffic = (days = 30) =>
  request<{ data: Traffic }>('GET', `/api/v1/${PAGES_PATH}/traffic`, { query: { days } }).then((r) => r.data);
export const previewHtml = (body: Record<string, unknown>) =>
  request<{ data: { html: string } }>('POST', `/api/v1/${PAGES_PATH}/preview`, { body }).then((r) => r.data.html);

/** The public address of a published page. */
export const publicUrl = (community: string, slug: string) => `/public/${encodeURIComponent(community)}/p/${encodeURIComponent(slug)}`;
