import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';

// Billing's calls (the server's /api/v1/billing/*), one hook each.

export interface PlanOption {
  period: 'monthly' | 'quarterly' | 'yearly';
  currency: string;
  priceMinor: number;
}

export interface Plan {
  id: string;
  code: string;
  name: string;
  number: number;
  description: string | null;
  options: PlanOption[];
  limits: Record<string, number>;
  features: string[];
  trialDays: number;
  regionalCountry: string | null;
}

export interface Addon {
  id: string;
  code: string;
  name: string;
  kind: 'messages' | 'storage' | 'ai' | 'admins';
  quotaKey: string;
  units: number;
  description: string | null;
  priceMinor: number;
  currency: string;
  approval: 'instant' | 'platform';
}

export interface Pricing {
  country: string | null;
  source: string;
  plans: Plan[];
  addons?: Addon[];
}

export interface Quota {
  key: string;
  label: string;
  limit: number | null;
  planLimit: number | null;
  addonUnits: number;
  used: number;
}

export interface Subscription {
  id: string;
  planCode: string;
  period: PlanOption['period'];
  currency: string;
  priceMinor: number;
  status: 'trial' | 'active' | 'past_due' | 'cancelled';
  periodStart: string;
  periodEnd: string;
  pendingPlanCode: string | null;
  cancelAtPeriodEnd: boolean;
  failedAttempts: number;
  graceUntil: string | null;
}

export interface Banner {
  level: 'error' | 'warning';
  message: string;
}

export interface Overview {
  subscription: Subscription;
  plan: Plan | null;
  pendingPlan: { code: string; name: string } | null;
  account: { id: string; legalName: string; email: string; country: string; taxId: string | null; address: string | null };
  usage: Quota[];
  banner: Banner | null;
}

export interface Invoice {
  id: string;
  number: string | null;
  status: 'draft' | 'open' | 'paid' | 'void';
  purpose: string;
  issuedAt: string | null;
  dueAt: string | null;
  paidAt: string | null;
  currency: string;
  subtotalMinor: number;
  taxName: string | null;
  taxRatePpm: number;
  taxMinor: number;
  totalMinor: number;
  reverseCharge: boolean;
  lines: { description: string; quantity: number; unitMinor: number; amountMinor: number }[];
  seller: { name: string; country: string; taxId?: string | null; address?: string | null };
  buyer: { name: string; country: string; taxId?: string | null; address?: string | null };
}

export interface AddonOrder {
  id: string;
  addonCode: string;
  name: string;
  quotaKey: string;
  quantity: number;
  units: number;
  status: string;
  note: string | null;
  decisionNote: string | null;
  createdAt: string;
}

export interface StartedCharge {
  invoiceId: string;
  transactionId: string;
  payUrl: string;
  amountMinor: number;
  currency: string;
}

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const publicPricing = async (): Promise<Pricing> => {
  const res = await fetch('/public/platform/billing/pricing');
  if (!res.ok) throw new Error('The prices could not be loaded');
  return ((await res.json()) as { data: Pricing }).data;
};
export const usePublicPricing = () => useQuery({ queryKey: ['billing', 'public-pricing'], queryFn: publicPricing });

export const usePricing = () =>
  useQuery({ queryKey: ['billing', 'pricing'], queryFn: () => data(request<{ data: Pricing }>('GET', '/api/v1/billing/pricing')) });

export const useOverview = () =>
  useQuery({ queryKey: ['billing', 'overview'], queryFn: () => data(request<{ data: Overview }>('GET', '/api/v1/billing/overview')) });

export const useBanner = (enabled: boolean) =>
  useQuery({
    queryKey: ['billing', 'banner'],
    enabled,
    staleTime: 60_000,
    queryFn: () => data(request<{ data: Banner | null }>('GET', '/api/v1/billing/banner')),
  });

export const useInvoices = () =>
  useQuery({
    queryKey: ['billing', 'invoices'],
    queryFn: () => data(request<{ data: Invoice[] }>('GET', '/api/v1/billing/invoices', { query: { limit: 50 } })),
  });

export const useInvoice = (id: string, poll = false) =>
  useQuery({
    queryKey: ['billing', 'invoice', id],
    enabled: Boolean(id),
    refetchInterval: (q) => (poll && q.state.data?.status === 'open' ? 2_000 : false),
    queryFn: () => data(request<{ data: Invoice }>('GET', `/api/v1/billing/invoices/${encodeURIComponent(id)}`)),
  });

export const useAddons = () =>
  useQuery({
    queryKey: ['billing', 'addons'],
    queryFn: () => data(request<{ data: Addon[] }>('GET', '/api/v1/billing/addons', { query: { limit: 100 } })),
  });

export const useAddonOrders = (status?: string) =>
  useQuery({
    queryKey: ['billing', 'addon-orders', status ?? 'all'],
    queryFn: () => data(request<{ data: AddonOrder[] }>('GET', '/api/v1/billing/addon-orders', { query: { limit: 100, status } })),
  });

export const changePlan = (planCode: string, period: PlanOption['period']) =>
  data(
    request<{ data: { kind: 'upgrade' | 'downgrade' | 'same'; invoice?: Invoice; effectiveAt?: string } }>(
      'POST',
      '/api/v1/billing/subscription/change',
      { body: { planCode, period } },
    ),
  );

export const startTrial = (planCode: string) =>
  data(request<{ data: Subscription }>('POST', '/api/v1/billing/subscription/trial', { body: { planCode } }));

export const cancelSubscription = (cancel: boolean) =>
  data(request<{ data: Subscription }>('POST', '/api/v1/billing/subscription/cancel', { body: { cancel } }));

export const payInvoice = (id: string) =>
  data(request<{ data: StartedCharge }>('POST', `/api/v1/billing/invoices/${encodeURIComponent(id)}/pay`));

export const requestAddon = (addonCode: string, quantity: number, note?: string) =>
  data(
    request<{ data: { order: AddonOrder; invoice: Invoice | null } }>('POST', '/api/v1/billing/addons/request', {
      body: { addonCode, quantity, note },
    }),
  );

/** The invoice's PDF, fetched with the session's token (a plain link would carry none). */
export async function openInvoicePdf(id: string) {
  const token = localStorage.getItem('token');
  const res = await fetch(`/api/v1/billing/invoices/${encodeURIComponent(id)}/pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error('The invoice PDF could not be made');
  const url = URL.createObjectURL(await res.blob());
  window.open(url, '_blank', 'noopener');
}

// Formatting

export const money = (minor: number, currency: string) => {
  try {
    const f = new Intl.NumberFormat('en', { style: 'currency', currency });
    return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
};

export const PERIOD_LABEL: Record<PlanOption['period'], string> = { monthly: 'per month', quarterly: 'per quarter', yearly: 'per year' };
export const STATUS_LABEL: Record<string, string> = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  awaiting_payment: 'Awaiting payment',
};
export const STATUS_COLOR: Record<string, string> = {
  trial: 'blue',
  active: 'green',
  past_due: 'red',
  cancelled: 'gray',
  open: 'yellow',
  paid: 'green',
  void: 'gray',
  requested: 'yellow',
  approved: 'blue',
  rejected: 'red',
  awaiting_payment: 'yellow',
};
export const date = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '—';

/** A quota's amount as people read it (storage in GB). */
export const quotaAmount = (key: string, n: number | null) =>
  n === null ? 'Unlimited' : key === 'storage' ? `${(n / 1024 ** 3).toFixed(n >= 1024 ** 3 ? 0 : 2)} GB` : n.toLocaleString('en');
