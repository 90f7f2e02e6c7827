import { Alert, Button, Card, Loader, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../kit/page-header';
import { money, quotaAmount, requestAddon, useAddons } from './billing-api';

/** add-ons/addonsdetail: one add-on, how many, and buy it (its invoice to pay) or ask the platform for it. */
export default function AddonDetailPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const addons = useAddons();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const ask = useMutation({
    mutationFn: () => requestAddon(code, quantity, note || undefined),
    onSuccess: ({ invoice }) => {
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      if (invoice && invoice.status === 'open') navigate(`/admin-panel/BillingIframe?invoice=${invoice.id}`);
      else navigate('/admin-panel/add-ons/my-request');
    },
  });
  const early = (body: React.ReactNode) => (
    <Stack maw={560}>
      <PageHeader title="Add-on" />
      {body}
    </Stack>
  );
  if (addons.isPending) return early(<Loader aria-label="Loading the add-on" />);
  const addon = addons.data?.find((a) => a.code === code);
  if (!addon)
    return early(
      <>
        <Alert color="yellow">Choose an add-on from the add-ons page.</Alert>
        <Button component={Link} to="/admin-panel/add-Ons" variant="default" w="fit-content">
          See the add-ons
        </Button>
      </>,
    );
  return (
    <Stack maw={560}>
      <PageHeader title={addon.name} description={addon.description ?? undefined} />
      <Card withBorder>
        <Stack>
          <Text>
            {money(addon.priceMinor, addon.currency)} each · adds {quotaAmount(addon.quotaKey, addon.units)}
          </Text>
          <NumberInput label="How many" min={1} max={100} value={quantity} onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))} />
          {addon.approval === 'platform' && (
            <Textarea label="Note for the platform" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
          )}
          <Text fw={600}>Total before tax: {money(addon.priceMinor * quantity, addon.currency)}</Text>
          {ask.error && <Alert color="red">{ask.error instanceof ApiError ? ask.error.message : 'The add-on could not be ordered'}</Alert>}
          <Button onClick={() => ask.mutate()} loading={ask.isPending}>
            {addon.approval === 'platform' ? 'Send the request' : 'Buy and pay'}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
