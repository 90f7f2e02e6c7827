import type { ModulePart } from '../../../kernel/resources';
import { segmentsCompat } from './compat';
import { audiencesResource } from './resources/audiences';
import { segmentTypesResource } from './resources/segment-types';
import { segmentsResource } from './resources/segments';
import { segmentRoutes } from './routes';
import { seedSegments } from './seed';

/** Segment types, static and dynamic segments, audiences and their counts. */
export const segments: ModulePart = {
  // Parents first: examples are seeded in this order.
  resources: [segmentTypesResource, segmentsResource, audiencesResource],
  compat: segmentsCompat,
  routes: segmentRoutes,
  seed: seedSegments,
};
