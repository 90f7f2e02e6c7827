import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../kit/page-header';
import { ResourceList, type ResourceListProps } from '../../kit/resource-list';
import { imageCells } from './image-cells';
import { MetaGate } from './site-screen';

export interface SiteListPageProps {
  resource: string;
  title: string;
  description?: React.ReactNode;
  /** Where "New …" goes. */
  createPath: string;
  /** Where a record opens (with ?id=). */
  editPath: string;
  columns?: string[];
  cells?: ResourceListProps['cells'];
}

/** A list whose records open in their own page (editors too large for a drawer). */
export function SiteListPage({ resource, title, description, createPath, editPath, columns, cells }: SiteListPageProps) {
  const navigate = useNavigate();
  return (
    <MetaGate resource={resource} title={title}>
      {(meta) => {
        const canCreate = meta.operations.create && meta.permissions.write;
        const create = canCreate ? (
          <Button component={Link} to={createPath} leftSection={<IconPlus size={16} aria-hidden />}>
            New {meta.label.singular.toLowerCase()}
          </Button>
        ) : null;
        return (
          <>
            <PageHeader title={title} description={description} actions={create} />
            <ResourceList
              meta={meta}
              columns={columns}
              cells={{ ...imageCells(meta), ...cells }}
              emptyAction={create}
              onOpen={(row) => navigate(`${editPath}?id=${encodeURIComponent(row.id)}`)}
            />
          </>
        );
      }}
    </MetaGate>
  );
}
