import { request } from '../../../api/client';

/** The rule kinds the builder offers (the server's zod union in modules/marketing/segments/rules.ts). */
export type Rule =
  | {
      type: 'attribute';
      key: string;
      op: 'equals' | 'not_equals' | 'contains' | 'greater' | 'less' | 'exists' | 'not_exists';
      value?: string | number | boolean;
    }
  | { type: 'tags'; op: 'any' | 'all' | 'none'; values: string[] }
  | { type: 'consent'; channel: Channel; status: 'unknown' | 'opted_in' | 'opted_out' }
  | { type: 'country' | 'language' | 'source'; op: 'in' | 'not_in'; values: string[] }
  | { type: 'created' | 'last_activity'; op: 'within_days' | 'not_within_days'; days: number }
  | { type: 'created' | 'last_activity'; op: 'before' | 'after'; date: string };
export interface RuleGroup {
  type: 'group';
  op: 'and' | 'or';
  rules: Rule[];
}
export interface RuleTree {
  op: 'and' | 'or';
  rules: (Rule | RuleGroup)[];
}
export type Channel = 'email' | 'sms' | 'whatsapp' | 'push';

export interface Count {
  total: number;
  totalIsEstimate: boolean;
}

/** A contact as member lists show it. */
export interface Member {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  tags: string[];
  emailConsent: string;
  smsConsent: string;
  whatsappConsent: string;
  pushConsent: string;
}

export const previewSegmentCount = (rules: RuleTree, sample = 5) =>
  request<{ data: Count & { sample: Member[] } }>('POST', '/api/v1/marketing/segments/preview-count', { body: { rules, sample } }).then(
    (r) => r.data,
  );

export const previewAudienceCount = (body: { channel: Channel; includeSegmentIds: string[]; excludeSegmentIds: string[] }) =>
  request<{ data: Count }>('POST', '/api/v1/marketing/audiences/preview-count', { body }).then((r) => r.data);

export const segmentMembers = (id: string, cursor?: string, limit = 25) =>
  request<{ data: Member[]; nextCursor: string | null }>('GET', `/api/v1/marketing/segments/${encodeURIComponent(id)}/members`, {
    query: { limit, cursor },
  });

export const addSegmentMembers = (id: string, contactIds: string[]) =>
  request<{ data: { added: number; alreadyMembers: number; contactCount: number } }>(
    'POST',
    `/api/v1/marketing/segments/${encodeURIComponent(id)}/members`,
    { body: { contactIds } },
  ).then((r) => r.data);

export const removeSegmentMembers = (id: string, contactIds: string[]) =>
  request<{ data: { removed: number; contactCount: number } }>(
    'POST',
    `/api/v1/marketing/segments/${encodeURIComponent(id)}/members/remove`,
    {
      body: { contactIds },
    },
  ).then((r) => r.data);

/** Contacts by name or email, for adding to a static segment. */
export const findContacts = (q: string) =>
  request<{ data: Member[] }>('GET', '/api/v1/marketing/segments/contact-search', { query: { q } }).then((r) => r.data);

/** "12,430" or "≈ 412,000" (an estimate at scale). */
export const formatCount = (c: Count | null | undefined) =>
  c == null ? '—' : `${c.totalIsEstimate ? '≈ ' : ''}${c.total.toLocaleString()}`;

/** The segments a contact is in now (static and dynamic). */
export const segmentsOfContact = (id: string) =>
  request<{ data: { id: string; name: string; kind: string }[] }>(
    'GET',
    `/api/v1/marketing/segments/of-contact/${encodeURIComponent(id)}`,
  ).then((r) => r.data);
