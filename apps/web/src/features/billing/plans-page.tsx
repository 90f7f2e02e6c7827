import { Alert, Anchor, Button, Container, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { usePublicPricing } from './billing-api';
import { PlanCards } from './plan-cards';

/** The public pricing page (plans-vue): the plans compared, priced for the visitor's country, with a period toggle. */
export default function PlansPage() {
  const pricing = usePublicPricing();
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Plans and pricing"
        description={
          pricing.data?.country
            ? `Prices for ${pricing.data.country}${pricing.data.plans.some((p) => p.regionalCountry) ? ' (local prices)' : ''}.`
            : undefined
        }
        actions={
          <Anchor component={Link} to="/admin-panel/login">
            Sign in
          </Anchor>
        }
      />
      {pricing.isPending ? (
        <Loader aria-label="Loading the plans" />
      ) : pricing.isError ? (
        <Alert color="red">The plans could not be loaded. Try again later.</Alert>
      ) : (
        <Stack>
          <PlanCards
            plans={pricing.data.plans}
            action={(plan, option) => (
              <Button component={Link} to={`/getapp?plan=${encodeURIComponent(plan.code)}&period=${option.period}`} fullWidth>
                Start with {plan.name}
              </Button>
            )}
          />
          <Text size="sm" c="dimmed">
            Every plan starts with a free trial. Prices exclude GST where it applies.
          </Text>
        </Stack>
      )}
    </Container>
  );
}
