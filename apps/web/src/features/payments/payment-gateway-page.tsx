import { Button, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../kit/money';
import { PageHeader } from '../../kit/page-header';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';
import { GatewayList } from './gateway-list';
import { GatewaySetup } from './gateway-setup';
import { type Gateway, useGateways } from './gateways-api';

const amount = (row: Row) => <Text size="sm">{formatMoney(Number(row.amountMinor ?? 0), String(row.currency ?? ''))}</Text>;

/**
 * Settings → Payment gateways: each gateway as a card (mode, on/off, keys as labelled masks, its own
 * test), a set-up flow (provider → keys → test → enable), and the ledger of payment attempts.
 */
export default function PaymentGatewayPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'transactions' ? 'transactions' : 'gateways';
  const gateways = useGateways();
  // `?record=<id>` (a link to a gateway from elsewhere) opens that gateway's keys and test.
  const linked = tab === 'gateways' ? (gateways.data?.find((g) => g.id === params.get('record')) ?? null) : null;
  const [setup, setSetup] = useState<{ gateway: Gateway | null } | null>(null);
  const open = setup ?? (linked ? { gateway: linked } : null);
  const close = () => {
    setSetup(null);
    if (params.has('record')) setParams({}, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Payment gateways"
        description="Where your customers pay, and every payment attempt."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setSetup({ gateway: null })}>
            Add a gateway
          </Button>
        }
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => setParams(value === 'transactions' ? { tab: 'transactions' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="gateways">Gateways</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="gateways">
          <GatewayList onEdit={(gateway) => setSetup({ gateway })} onAdd={() => setSetup({ gateway: null })} />
        </Tabs.Panel>
        <Tabs.Panel value="transactions">
          <ResourceScreen
            resource="payments/transactions"
            embedded
            readOnly
            columns={['createdAt', 'reference', 'kind', 'amountMinor', 'status', 'customerEmail']}
            cells={{ amountMinor: amount }}
          />
        </Tabs.Panel>
      </Tabs>
      <GatewaySetup opened={open !== null} gateway={open?.gateway ?? null} onClose={close} />
    </>
  );
}
