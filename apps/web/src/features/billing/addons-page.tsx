import { Alert, Badge, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { type Addon, money, quotaAmount, useAddons } from './billing-api';

/** Which add-ons each catalogue screen shows: all (add-Ons), message packs (campaign-addon), storage (cloud-addon). */
const VIEWS: Record<string, { title: string; description: string; kinds: Addon['kind'][] | null }> = {
  '/admin-panel/campaign-addon': {
    title: 'Campaign add-ons',
    description: 'More SMS, email and WhatsApp messages for your campaigns this period.',
    kinds: ['messages'],
  },
  '/admin-panel/cloud-addon': { title: 'Cloud storage add-ons', description: 'More room for your uploads.', kinds: ['storage'] },
};

export const ADDON_DETAIL = '/admin-panel/add-ons/addonsdetail';

/** The add-on catalogue (add-Ons, campaign-addon, cloud-addon): packs that raise one limit, bought or requested. */
export default function AddonsPage() {
  const { pathname } = useLocation();
  const view = VIEWS[pathname] ?? {
    title: 'Add-ons',
    description: 'Raise a limit of your plan: messages, storage, AI credits, admins.',
    kinds: null,
  };
  const addons = useAddons();
  return (
    <Stack>
      <PageHeader
        title={view.title}
        description={view.description}
        actions={
          <>
            <Button component={Link} to="/admin-panel/add-ons/my-addons" variant="default">
              My add-ons
            </Button>
            <Button component={Link} to="/admin-panel/add-ons/my-request" variant="default">
              My requests
            </Button>
          </>
        }
      />
      {addons.isPending ? (
        <Loader aria-label="Loading the add-ons" />
      ) : addons.isError ? (
        <Alert color="red">The add-ons could not be loaded.</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {addons.data
            .filter((a) => !view.kinds || view.kinds.includes(a.kind))
            .map((addon) => (
              <Card key={addon.code} withBorder>
                <Stack gap={6}>
                  <Title order={2} size="h4">
                    {addon.name}
                  </Title>
                  {addon.description && <Text size="sm">{addon.description}</Text>}
                  <Text fw={600}>{money(addon.priceMinor, addon.currency)}</Text>
                  <Text size="sm" c="dimmed">
                    Adds {quotaAmount(addon.quotaKey, addon.units)} ·{' '}
                    {addon.approval === 'platform' ? 'approved by the platform' : 'active once paid'}
                  </Text>
                  {addon.approval === 'platform' && <Badge variant="light">Needs approval</Badge>}
                  <Button component={Link} to={`${ADDON_DETAIL}?code=${encodeURIComponent(addon.code)}`} variant="light">
                    {addon.approval === 'platform' ? 'Request' : 'Buy'} {addon.name}
                  </Button>
                </Stack>
              </Card>
            ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
