import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { PageHeader } from '../../../kit/page-header';
import { ResourceList } from '../../../kit/resource-list';
import { EMAIL_TEMPLATES, editorPath } from './templates-api';

/** Start a new email from one of the community's templates: the editor opens on a copy of it. */
export default function PickTemplatePage() {
  const { meta, isPending, error } = useResourceMeta(EMAIL_TEMPLATES);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Start from a template"
        description={
          <>
            Pick one of your email templates: the editor opens on a copy, the original stays as it is. Or{' '}
            <Anchor component={Link} to="/admin-panel/template-select" size="sm" underline="always">
              start from a layout
            </Anchor>
            .
          </>
        }
      />
      {isPending && <Loader aria-label="Loading" />}
      {!isPending && !meta && (
        <Alert color="red" variant="light" role="alert" title="Not available">
          {error instanceof ApiError ? error.message : 'You cannot read email templates.'}
        </Alert>
      )}
      {meta && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Choose a template to copy.
          </Text>
          <ResourceList
            meta={meta}
            selectable={false}
            onOpen={(row) => navigate(editorPath(row.layout as string | null, undefined, row.id))}
          />
        </>
      )}
    </>
  );
}
