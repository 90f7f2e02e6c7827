import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useResourceMeta } from '../../../api/get-resources-meta';
import { PageHeader } from '../../../kit/page-header';
import { ResourceList } from '../../../kit/resource-list';
import { EMAIL_TEMPLATES, editorPath } from './templates-api';

/** The community's email templates; each opens in the editor, a new one starts from a layout or a copy. */
export default function TemplatesPage() {
  const { meta, isPending, error } = useResourceMeta(EMAIL_TEMPLATES);
  const navigate = useNavigate();
  const canWrite = Boolean(meta?.permissions.write);
  return (
    <>
      <PageHeader
        title="Email templates"
        description="Designs built from blocks, rendered for desktop and mobile, ready for campaigns."
        actions={
          canWrite ? (
            <Group gap="xs">
              <Button variant="default" component={Link} to="/admin-panel/pick-template" leftSection={<IconCopy size={16} aria-hidden />}>
                Start from a template
              </Button>
              <Button component={Link} to="/admin-panel/template-select" leftSection={<IconPlus size={16} aria-hidden />}>
                New email
              </Button>
            </Group>
          ) : null
        }
      />
      {isPending && <Loader aria-label="Loading" />}
      {!isPending && !meta && (
        <Alert color="red" variant="light" role="alert" title="Not available">
          {error instanceof ApiError ? error.message : 'You cannot read email templates.'}
        </Alert>
      )}
      {meta && <ResourceList meta={meta} onOpen={(row) => navigate(editorPath(row.layout as string | null, row.id))} />}
    </>
  );
}
