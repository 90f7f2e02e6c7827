import type { AppModule } from '../../../kernel/resources';

/** Segment types, static and dynamic segments, audiences and their counts. */
export const segments: Pick<AppModule, 'resources' | 'compat' | 'routes' | 'jobs' | 'seed'> = {};
