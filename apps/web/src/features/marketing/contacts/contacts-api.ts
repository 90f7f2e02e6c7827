import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/client';
import type { Row } from '../../../kit/resource-api';
import type { ChannelKey } from './paths';

export interface ConsentEvent {
  id: string;
  channel: ChannelKey;
  status: string;
  source: string;
  ip: string | null;
  createdAt: string;
}

/** A contact's consent history, newest first. */
export function useConsentEvents(contactId: string) {
  return useQuery({
    queryKey: ['resource', 'marketing/consent-events', 'list', { contactId }],
    queryFn: () =>
      request<{ data: ConsentEvent[] }>('GET', '/api/v1/marketing/consent-events', {
        query: { contactId, sort: '-createdAt', limit: 100 },
      }).then((r) => r.data),
  });
}

/** Consent changes and the double opt-in mail; both refresh the contact and its history. */
export function useConsentActions(contactId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['resource', 'marketing/contacts'] }),
      client.invalidateQueries({ queryKey: ['resource', 'marketing/consent-events'] }),
    ]);
  const setConsent = useMutation({
    mutationFn: (body: { channel: ChannelKey; status: 'opted_in' | 'opted_out' }) =>
      request<{ data: Row }>('POST', `/api/v1/marketing/contacts/${contactId}/consent`, { body }),
    onSuccess: refresh,
  });
  const sendConfirmation = useMutation({
    mutationFn: () => request<{ data: { sent: boolean; to: string } }>('POST', `/api/v1/marketing/contacts/${contactId}/confirmation`),
  });
  return { setConsent, sendConfirmation };
}
