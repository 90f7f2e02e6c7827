import { Alert, Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { getCampaign, reportHref } from './campaigns-api';

/** After a launch or schedule: what happened to the campaign (read from the server), and where to go next. */
export function Outcome({ failed, title }: { failed?: boolean; title: string }) {
  const [params] = useSearchParams();
  const id = params.get('record');
  const campaign = useQuery({ queryKey: ['campaigns', 'campaign', id], queryFn: () => getCampaign(id!), enabled: Boolean(id) });
  const c = campaign.data;
  return (
    <>
      <PageHeader title={title} />
      {failed ? (
        <Alert color="red" title="The campaign was not sent">
          {params.get('reason') ?? 'Something went wrong.'}
        </Alert>
      ) : (
        <Alert color="teal" title={c ? `${c.name}: ${c.status === 'scheduled' ? 'scheduled' : 'sending'}` : 'Campaign launched'}>
          {c?.status === 'scheduled' ? `It goes out at ${new Date(c.scheduledAt).toLocaleString()}.` : 'Messages are on their way.'}
        </Alert>
      )}
      <Group mt="md">
        {id && (
          <Anchor component={Link} to={reportHref(id)}>
            See its report
          </Anchor>
        )}
        <Anchor component={Link} to="/admin-panel/my-campaign">
          My campaigns
        </Anchor>
      </Group>
    </>
  );
}

export default function SuccessPage() {
  return <Outcome title="Campaign launched" />;
}
export const FailurePage = () => <Outcome failed title="Campaign not sent" />;
export const WhatsappCompletePage = () => <Outcome title="WhatsApp campaign ready" />;
