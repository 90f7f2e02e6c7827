import { Alert, Anchor, Group, Loader, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { ResourceMeta } from '../../api/get-resources-meta';
import type { CustomWidget } from '../../kit/field-input';
import { PageHeader } from '../../kit/page-header';
import { type Row, useRecord } from '../../kit/resource-api';
import { MetaGate, SiteRecordForm } from './site-screen';

export interface RecordPageProps {
  resource: string;
  /** 'create' = a new record; 'edit' = the record of ?id=. */
  mode: 'create' | 'edit';
  /** The list this page belongs to (back link, and where saving goes). */
  listPath: string;
  listLabel: string;
  /** Where a created record is edited further (?id=); absent = back to the list. */
  editPath?: string;
  widgets?: Record<string, CustomWidget>;
  exclude?: string[];
  description?: React.ReactNode;
  /** Replaces the plain form (the blog editor adds a preview). */
  render?: (props: { meta: ResourceMeta; record: Row | null; form: React.ReactNode }) => React.ReactNode;
  onValuesChange?: (values: Record<string, unknown>) => void;
}

function Back({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> {label}
      </Group>
    </Anchor>
  );
}

function Editor({ meta, ...props }: RecordPageProps & { meta: ResourceMeta }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = props.mode === 'edit' ? params.get('id') : null;
  const record = useRecord(meta.path, id);
  const singular = meta.label.singular.toLowerCase();
  const back = <Back to={props.listPath} label={props.listLabel} />;
  if (props.mode === 'edit' && !id) {
    return (
      <>
        <PageHeader title={`Edit ${singular}`} description={back} />
        <Alert variant="light" title={`No ${singular} chosen`}>
          Open one from{' '}
          <Anchor component={Link} to={props.listPath}>
            the list of {props.listLabel.replace(/^Back to /, '')}
          </Anchor>
          .
        </Alert>
      </>
    );
  }
  const title = id ? String(record.data?.[meta.ui.title] ?? `Edit ${singular}`) : `New ${singular}`;
  const form =
    id && !record.data ? (
      record.isError ? (
        <Alert color="red" variant="light" role="alert">
          {record.error instanceof ApiError ? record.error.message : 'This record could not be loaded.'}
        </Alert>
      ) : (
        <Loader aria-label="Loading" />
      )
    ) : (
      <SiteRecordForm
        meta={meta}
        record={record.data ?? null}
        widgets={props.widgets}
        exclude={props.exclude}
        onValuesChange={props.onValuesChange}
        onCancel={() => navigate(props.listPath)}
        onSaved={(row, mode) => {
          if (mode === 'create' && props.editPath) navigate(`${props.editPath}?id=${encodeURIComponent(row.id)}`, { replace: true });
          else if (!props.editPath) navigate(props.listPath);
        }}
      />
    );
  return (
    <>
      <PageHeader title={title} description={props.description ?? back} />
      {props.render ? (
        props.render({ meta, record: record.data ?? null, form })
      ) : (
        <Paper withBorder p="md" radius="md">
          {form}
        </Paper>
      )}
    </>
  );
}

/** A record's own page: create (no id) or edit (?id=), with the website's image inputs. */
export function RecordPage(props: RecordPageProps) {
  const fallback = props.mode === 'create' ? 'New record' : 'Edit record';
  return (
    <MetaGate resource={props.resource} title={fallback}>
      {(meta) => <Editor meta={meta} {...props} />}
    </MetaGate>
  );
}
