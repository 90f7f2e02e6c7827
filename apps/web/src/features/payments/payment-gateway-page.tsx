import { Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../kit/money';
import { PageHeader } from '../../kit/page-header';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';
import { CredentialsInput } from './credentials-input';
import { TestConnection } from './test-connection';

const masked = (row: Row) => {
  const m = (row.credentialsMasked ?? {}) as Record<string, string>;
  const entries = Object.entries(m);
  return entries.length === 0 ? (
    <Text size="sm" c="dimmed">
      None
    </Text>
  ) : (
    <Text size="sm" ff="monospace">
      {entries.map(([k, v]) => `${k}: ${v}`).join(' · ')}
    </Text>
  );
};

const amount = (row: Row) => <Text size="sm">{formatMoney(Number(row.amountMinor ?? 0), String(row.currency ?? ''))}</Text>;

/** Settings → Payment gateways: the gateways (secrets masked), a connection test, and the ledger with its filters. */
export default function PaymentGatewayPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'transactions' ? 'transactions' : 'gateways';
  return (
    <>
      <PageHeader
        title="Payment gateways"
        description="Where your customers pay, and every payment attempt."
        actions={<TestConnection />}
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
          <ResourceScreen
            resource="payments/gateways"
            embedded
            columns={['displayName', 'kind', 'mode', 'currency', 'enabled', 'credentialsMasked']}
            cells={{ credentialsMasked: masked }}
            widgets={{ credentials: CredentialsInput }}
            exclude={['credentialsMasked']}
          />
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
    </>
  );
}
