import type { Screen } from '../../../config/screen-types';

export const SEGMENT_PATH = '/admin-panel/segment';
const tab = (name: string) => (id: string) =>
  `${SEGMENT_PATH}?${name === 'segment' ? '' : 'tab=audiences&'}${name}=${encodeURIComponent(id)}`;

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
    component: () => import('./segment-page'),
    records: [
      { resource: 'marketing/segments', href: tab('segment') },
      { resource: 'marketing/audiences', href: tab('audience') },
    ],
  },
];
