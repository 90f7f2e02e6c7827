import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../api/client';

// The email editor's server calls: the variables' picker, the starter layouts, previews and test
// sends (the templates themselves are a plain resource: kit/resource-api).

export const EMAIL_TEMPLATES = 'marketing/email-templates';
export const VARIABLES = 'marketing/variables';

export type Align = 'left' | 'center' | 'right';

export interface CardItem {
  sourceId: string;
  title: string;
  text: string;
  imageUrl: string;
  url: string;
}

/** One block of a design, as the server's design schema (modules/marketing/templates/email/design.ts) reads it. */
export type Block =
  | { id: string; type: 'header'; logoUrl: string; title: string; align: Align }
  | { id: string; type: 'text'; html: string; align: Align }
  | { id: string; type: 'image'; url: string; alt: string; href: string; width: number }
  | { id: string; type: 'button'; label: string; href: string; color?: string; align: Align }
  | { id: string; type: 'columns'; columns: { imageUrl: string; imageAlt: string; html: string }[] }
  | { id: string; type: 'cards'; source: 'products' | 'posts'; heading: string; items: CardItem[]; buttonLabel: string }
  | { id: string; type: 'divider' }
  | { id: string; type: 'footer'; html: string };

export type BlockType = Block['type'];

const TYPE_LABELS: Record<BlockType, string> = {
  header: 'Header',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  columns: 'Columns',
  cards: 'Cards',
  divider: 'Divider',
  footer: 'Footer',
};

/** What a block is called in the editor and in the layouts' lists. */
export const blockName = (block: Block) =>
  block.type === 'cards' ? (block.source === 'products' ? 'Product cards' : 'Blog post cards') : TYPE_LABELS[block.type];

export interface EmailDesign {
  version: 1;
  settings: { background: string; contentBackground: string; accent: string; textColor: string; font: 'sans' | 'serif' };
  blocks: Block[];
}

export interface EmailDraft {
  subject: string;
  preheader: string;
  design: EmailDesign;
}

export interface StarterLayout extends EmailDraft {
  key: 'layout-1' | 'layout-2' | 'layout-3' | 'layout-4';
  name: string;
  description: string;
  /** The layout rendered with the community's sample values. */
  preview: { subject: string; preheader: string; html: string; text: string };
}

export interface VariableOption {
  name: string;
  label: string;
  source: 'contact' | 'attribute' | 'business' | 'constant';
  example: string;
  standard: boolean;
}

export interface RenderedEmail {
  subject: string;
  preheader: string;
  html: string;
  text: string;
  variables: string[];
}

export const getVariableOptions = () =>
  request<{ data: VariableOption[] }>('GET', '/api/v1/marketing/variables/dropdown').then((r) => r.data);
export const variableOptionsQuery = () => queryOptions({ queryKey: ['resource', VARIABLES, 'dropdown'], queryFn: getVariableOptions });
export const useVariableOptions = () => useQuery(variableOptionsQuery());

export const getLayouts = () => request<{ data: StarterLayout[] }>('GET', '/api/v1/marketing/email-layouts').then((r) => r.data);
export const useLayouts = () => useQuery({ queryKey: ['marketing', 'email-layouts'], queryFn: getLayouts, staleTime: 5 * 60_000 });

export const previewEmail = (draft: EmailDraft) =>
  request<{ data: RenderedEmail }>('POST', '/api/v1/marketing/email-templates/preview', { body: draft }).then((r) => r.data);

export const sendTestEmail = (draft: EmailDraft, to: string) =>
  request<{ data: { outboxId: string; to: string; subject: string } }>('POST', '/api/v1/marketing/email-templates/test-send', {
    body: { ...draft, to },
  }).then((r) => r.data);

/** The editor of a template: the layout route it began from, with the template (`?record=<id>`) or the one it copies (`?copy=<id>`). */
export const editorPath = (layout: string | null | undefined, id?: string, copy?: string) => {
  const n = /^layout-([1-4])$/.exec(layout ?? '')?.[1] ?? '1';
  const query = id ? `?record=${encodeURIComponent(id)}` : copy ? `?copy=${encodeURIComponent(copy)}` : '';
  return `/admin-panel/templatelayout-${n}${query}`;
};

/** A new block id, unique within a design. */
export const blockId = () => `b${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
