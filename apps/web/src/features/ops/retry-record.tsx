import { Alert, Button, Group, Text } from '@mantine/core';
import { request } from '../../api/client';
import type { Row } from '../../kit/resource-api';
import { useAction } from '../../kit/use-action';

/** A failed delivery or run, with its error and (for those who may) Retry: `POST <base>/<id>/retry`. */
export function RetryRecord({ row, resource, error, canRetry }: { row: Row; resource: string; error: unknown; canRetry: boolean }) {
  const action = useAction([['resource', resource]]);
  return (
    <Alert variant="light" color="red" title="Failed">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {String(error ?? 'No error recorded')}
        </Text>
        {canRetry && (
          <Button
            size="xs"
            loading={action.busy === 'retry'}
            onClick={() => action.run('retry', () => request('POST', `/api/v1/${resource}/${row.id}/retry`), 'Queued again')}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
