import { Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useResourceMeta } from '../api/get-resources-meta';
import type { CustomWidget } from './field-input';
import { PageHeader } from './page-header';
import { RecordLoadState } from './record-load-state';
import { useRecordList } from './resource-api';
import { ResourceForm } from './resource-form';

export interface SettingsScreenProps {
  /** Path of a resource that holds one record per community (e.g. commerce/settings). */
  resource: string;
  title: string;
  description?: React.ReactNode;
  /** A screen's own inputs for some fields (a picker the kit does not know), as ResourceScreen takes them. */
  widgets?: Record<string, CustomWidget>;
}

/**
 * A resource kept as one record per community (a shop's settings): its form, filled from the record
 * when there is one and creating it on the first save otherwise. No list, no delete.
 */
export function SettingsScreen({ resource, title, description, widgets }: SettingsScreenProps) {
  const { meta, isPending: metaPending } = useResourceMeta(resource);
  const current = useRecordList(resource, { limit: 1, withTotal: 'false' }, Boolean(meta));
  const client = useQueryClient();
  const record = current.data?.data[0] ?? null;
  return (
    <>
      <PageHeader title={title} description={description} />
      <RecordLoadState
        metaPending={metaPending}
        readable={Boolean(meta)}
        query={current}
        subject="these settings"
        loadFailed="The settings could not be loaded."
      />
      {meta && current.isSuccess && (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} maw={720}>
          <ResourceForm
            meta={meta}
            record={record}
            readOnly={!meta.permissions.write}
            widgets={widgets}
            submitLabel="Save settings"
            onSaved={() => void client.invalidateQueries({ queryKey: ['resource', resource] })}
          />
        </Paper>
      )}
    </>
  );
}
