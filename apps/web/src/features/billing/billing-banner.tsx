import { Alert, Anchor } from '@mantine/core';
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

/** The console-wide notice (above every screen, for roles reading billing): the banner, when there is one. */
export default function BillingNotice() {
  return <BillingBanner mb="md" />;
}
