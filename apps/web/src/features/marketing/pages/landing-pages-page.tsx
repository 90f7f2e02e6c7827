import { Alert, Button, Loader, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { recordHref } from '../../../config/screen-types';
import { PageHeader } from '../../../kit/page-header';
import type { Row } from '../../../kit/resource-api';
import { ResourceList } from '../../../kit/resource-list';
import { LandingEditor } from './landing-editor';
import { conversion, LANDING_ROUTE, PAGES_PATH, TEMPLATES_ROUTE } from './pages-api';

/** The signups of a page with its conversion (signups per open). */
function SignupsCell({ row }: { row: Row }) {
  const signups = Number(row.signups ?? 0);
  const opens = Number(row.opens ?? 0);
  return (
    <Text size="sm" span>
      {signups}{' '}
      <Text span c="dimmed" size="xs">
        ({conversion(signups, opens)}% conversion)
      </Text>
    </Text>
  );
}

function LandingPagesList() {
  const { meta, isPending, isError, error } = useResourceMeta(PAGES_PATH);
  const navigate = useNavigate();
  const newButton = meta?.permissions.write ? (
    <Button component={Link} to={TEMPLATES_ROUTE} leftSection={<IconTemplate size={16} aria-hidden />}>
      New landing page
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Landing pages"
        description="Pages built from blocks, published on your public site; opens, clicks and signups are counted per day."
        actions={newButton}
      />
      {isPending && <Loader aria-label="Loading" />}
      {(isError || (!isPending && !meta)) && (
        <Alert color="red" variant="light" role="alert" title="Not available">
          {error instanceof ApiError ? error.message : 'Your role does not allow you to see landing pages.'}
        </Alert>
      )}
      {meta && (
        <ResourceList
          meta={meta}
          columns={['name', 'slug', 'status', 'opens', 'clicks', 'signups', 'updatedAt']}
          cells={{ signups: (row) => <SignupsCell row={row} /> }}
          onOpen={(row) => navigate(recordHref(LANDING_ROUTE)(row.id))}
          emptyAction={newButton}
        />
      )}
    </>
  );
}

/** Landing pages: the list, or one page's editor with `?record=<id>`. */
export default function LandingPagesPage() {
  const [params] = useSearchParams();
  const id = params.get('record');
  return id ? <LandingEditor key={id} id={id} /> : <LandingPagesList />;
}
