import { recordHref, type Screen } from '../../../config/screen-types';

export const SEGMENT_PATH = '/admin-panel/segment';

/** Marketing → segments screens: segments (rule builder, live count, members), audiences, segment types. */
export const segmentsScreens: Screen[] = [
  {
    path: SEGMENT_PATH,
    label: 'Segments and audiences',
    description: 'Group contacts by rules or by hand, and combine segments into audiences a campaign can reach.',
    group: 'marketing',
    modules: ['marketing-segments'],
    nav: true,
    keywords: ['segment', 'audience', 'list', 'rules', 'targeting'],
    tabs: [
      { value: 'segments', label: 'Segments', resource: 'marketing/segments', view: () => import('./segment-editor') },
      { value: 'audiences', label: 'Audiences', resource: 'marketing/audiences', view: () => import('./audience-editor') },
      { value: 'types', label: 'Segment types', resource: 'marketing/segment-types' },
    ],
    // Links written before the screen opened records by `?record=`.
    recordParams: { segment: {}, audience: { tab: 'audiences' } },
    records: [
      { resource: 'marketing/segments', href: recordHref(SEGMENT_PATH) },
      { resource: 'marketing/audiences', href: (id) => `${SEGMENT_PATH}?tab=audiences&record=${encodeURIComponent(id)}` },
    ],
  },
];
