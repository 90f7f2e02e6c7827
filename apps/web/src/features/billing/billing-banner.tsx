import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBanner } from './billing-api';

/** The billing banner: a past-due subscription or a trial's last days, with the way to Billing. */
export function BillingBanner({ mb }: { mb?: 'md' }) {
  const banner = useBanner(true);
  if (!banner.data) return null;
  return (
    <Alert color={banner.data.level === 'error' ? 'red' : 'yellow'} title="Billing" role="status" mb={mb}>
      {banner.data.message}{' '}
      <Anchor component={Link} to="/admin-panel/billing">
        Open billing
      </Anchor>
    </Alert>
  );
}

/**
 * The console-wide notice (above every screen, for roles reading billing): the banner as one short
 * line, as console notices must be. It answers after the screen has painted, so a taller notice
 * pushed the whole screen down (a phone's products list and dashboard moved 128 px: layout shift
 * 0.13); the whole message is in the line (shown on hover) and on Billing.
 */
export default function BillingNotice() {
  const banner = useBanner(true);
  if (!banner.data) return null;
  return (
    <Alert color={banner.data.level === 'error' ? 'red' : 'yellow'} role="status" py={6} px="sm" mb="sm">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" lineClamp={1} title={banner.data.message} style={{ minWidth: 0 }}>
          <Text span fw={600} inherit>
            Billing:
          </Text>{' '}
          {banner.data.message}
        </Text>
        <Anchor component={Link} to="/admin-panel/billing" size="sm" style={{ whiteSpace: 'nowrap' }}>
          Open billing
        </Anchor>
      </Group>
    </Alert>
  );
}
