import { Badge, Card, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { money, PERIOD_LABEL, type Plan, type PlanOption, quotaAmount } from './billing-api';

const LIMIT_LABELS: Record<string, string> = {
  admins: 'Admins',
  products: 'Shop products',
  contacts: 'Contacts',
  'messages:email': 'Campaign emails / month',
  'messages:sms': 'Campaign SMS / month',
  'messages:whatsapp': 'WhatsApp messages / month',
  storage: 'Storage',
  ai: 'AI writing credits / month',
};

/** A plan's limits in the comparison's order (the labels' order; any other key after them), not the stored JSON's. */
const limitsInOrder = (limits: Record<string, number>) => {
  const order = Object.keys(LIMIT_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(limits).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
};

/** The periods the plans are sold by, in the toggle's order. */
const PERIODS: PlanOption['period'][] = ['monthly', 'quarterly', 'yearly'];

/** The plan comparison with a period toggle: each plan's price for the period (or its first option), limits and features. */
export function PlanCards({
  plans,
  currentCode,
  action,
}: {
  plans: Plan[];
  currentCode?: string;
  action: (plan: Plan, option: PlanOption) => React.ReactNode;
}) {
  const offered = PERIODS.filter((p) => plans.some((plan) => plan.options.some((o) => o.period === p)));
  const [period, setPeriod] = useState<PlanOption['period']>(offered[0] ?? 'monthly');
  return (
    <Stack>
      {offered.length > 1 && (
        <SegmentedControl
          aria-label="Billing period"
          value={period}
          onChange={(v) => setPeriod(v as PlanOption['period'])}
          data={offered.map((p) => ({ value: p, label: p === 'monthly' ? 'Monthly' : p === 'quarterly' ? 'Quarterly' : 'Yearly' }))}
          w="fit-content"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {plans.map((plan) => {
          const option = plan.options.find((o) => o.period === period) ?? plan.options[0];
          return (
            <Card key={plan.code} withBorder padding="md">
              <Stack gap="xs" h="100%">
                <Title order={2} size="h4">
                  {plan.name} {currentCode === plan.code && <Badge color="green">Current</Badge>}
                </Title>
                {plan.description && (
                  <Text size="sm" c="dimmed">
                    {plan.description}
                  </Text>
                )}
                {option && (
                  <Text fw={700} size="lg">
                    {money(option.priceMinor, option.currency)}{' '}
                    <Text span size="sm" fw={400}>
                      {PERIOD_LABEL[option.period]}
                    </Text>
                  </Text>
                )}
                <List size="sm" spacing={2}>
                  {limitsInOrder(plan.limits).map(([key, value]) => (
                    <List.Item key={key}>
                      {LIMIT_LABELS[key] ?? key}: {quotaAmount(key, value)}
                    </List.Item>
                  ))}
                  {plan.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                <div style={{ marginTop: 'auto' }}>{option && action(plan, option)}</div>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
