import type { ReactNode } from 'react';
import type { ResourceMeta } from '../../../api/get-resources-meta';
import { useCurrentScreen } from '../../../app/current-screen';
import type { Row } from '../../../kit/resource-api';
import { ResourceScreen } from '../../../kit/resource-screen';

/** A selling screen: the resource's read-only list under the screen's label, each record opening as its panel. */
export function RecordPanelScreen({ resource, panel }: { resource: string; panel: (row: Row, meta: ResourceMeta) => ReactNode }) {
  const screen = useCurrentScreen();
  return <ResourceScreen resource={resource} title={screen.label} description={screen.description} readOnly renderRecord={panel} />;
}
