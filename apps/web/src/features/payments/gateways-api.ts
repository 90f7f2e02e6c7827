import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/client';

/** A kind of gateway the server supports, with the credentials it needs under the provider's own names. */
export interface GatewayKind {
  kind: string;
  label: string;
  online: boolean;
  currencies: string[];
  description: string;
  credentialFields: { key: string; required: boolean; label?: string; hidden?: boolean; hint?: string }[];
}

export interface Gateway {
  id: string;
  kind: string;
  displayName: string;
  mode: 'test' | 'live';
  currency: string;
  enabled: boolean;
  instructions: string | null;
  /** Each stored credential's mask (`rzp_test_••••G5ag`); the values themselves are never sent back. */
  credentialsMasked: Record<string, string> | null;
}

export interface TestResult {
  ok: boolean;
  message: string;
}

export const GATEWAYS = 'payments/gateways';

export const useGatewayKinds = () =>
  useQuery({
    queryKey: ['payments', 'kinds'],
    queryFn: () => request<{ data: GatewayKind[] }>('GET', '/api/v1/payments/kinds').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useGateways = () =>
  useQuery({
    queryKey: ['payments', 'gateways'],
    queryFn: () =>
      request<{ data: Gateway[] }>('GET', `/api/v1/${GATEWAYS}`, { query: { limit: 100, sort: 'displayName' } }).then((r) => r.data),
  });

export const saveGateway = (id: string | null, body: Record<string, unknown>) =>
  request<{ data: Gateway }>(id ? 'PATCH' : 'POST', `/api/v1/${GATEWAYS}${id ? `/${id}` : ''}`, { body }).then((r) => r.data);

export const deleteGateway = (id: string) => request<void>('DELETE', `/api/v1/${GATEWAYS}/${id}`);

export const testGateway = (id: string) => request<{ data: TestResult }>('POST', `/api/v1/${GATEWAYS}/${id}/test`).then((r) => r.data);

/** A credential's name as the provider writes it ("Key ID"), or the key spelled out when the server gives none. */
export const credentialLabel = (kind: GatewayKind | undefined, key: string) =>
  kind?.credentialFields.find((f) => f.key === key)?.label ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
