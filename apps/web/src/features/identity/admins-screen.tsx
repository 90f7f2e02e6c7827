import { Badge, Group } from '@mantine/core';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';

const cells = {
  name: (row: Row) => (
    <Group gap={6} wrap="nowrap">
      {String(row.name ?? '')}
      {row.isOwner === true && (
        <Badge size="xs" variant="outline" tt="none">
          Owner
        </Badge>
      )}
    </Group>
  ),
};

/** The community's console users (identity/admins); several routes show it under their own heading. */
export function AdminsScreen({
  title,
  description,
  readOnly,
  actions,
}: {
  title: string;
  description: string;
  readOnly?: boolean;
  actions?: React.ReactNode;
}) {
  return (
    <ResourceScreen
      resource="identity/admins"
      title={title}
      description={description}
      cells={cells}
      exclude={['theme']}
      readOnly={readOnly}
      actions={actions}
      columns={readOnly ? ['name', 'email', 'roleId', 'status', 'lastLoginAt', 'createdAt'] : undefined}
    />
  );
}
