import { Text } from '@mantine/core';
import type { Row } from '../../kit/resource-api';
import { ResourceScreen } from '../../kit/resource-screen';
import { PermissionsMatrix } from './permissions-matrix';

const cells = {
  permissions: (row: Row) => {
    const p = (row.permissions ?? {}) as Record<string, string>;
    const write = Object.values(p).filter((v) => v === 'write').length;
    const read = Object.values(p).filter((v) => v === 'read').length;
    return (
      <Text size="sm">
        {write} write · {read} read
      </Text>
    );
  },
};

/** Admin roles (identity/roles) with the permission matrix editor. */
export function RolesScreen({ title, description, embedded }: { title?: string; description?: string; embedded?: boolean }) {
  return (
    <ResourceScreen
      resource="identity/roles"
      title={title}
      description={description}
      columns={['name', 'description', 'permissions', 'updatedAt']}
      cells={cells}
      widgets={{ permissions: PermissionsMatrix }}
      embedded={embedded}
    />
  );
}
