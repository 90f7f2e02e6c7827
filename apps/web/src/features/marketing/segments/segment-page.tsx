import { useCurrentScreen } from '../../../app/current-screen';
import { ResourceScreen } from '../../../kit/resource-screen';
import { TabbedPage } from '../../../kit/tabbed-page';
import { AudiencesTab } from './audiences-tab';
import { SegmentsTab } from './segments-tab';

/** Segments and audiences under one route, one tab each (?tab=). */
export default function SegmentPage() {
  const screen = useCurrentScreen();
  return (
    <TabbedPage
      title={screen.label}
      description={screen.description}
      tabs={[
        { value: 'segments', label: 'Segments', content: <SegmentsTab /> },
        { value: 'audiences', label: 'Audiences', content: <AudiencesTab /> },
        { value: 'types', label: 'Segment types', content: <ResourceScreen resource="marketing/segment-types" embedded /> },
      ]}
    />
  );
}
