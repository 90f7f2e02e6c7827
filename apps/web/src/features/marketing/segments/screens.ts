import type { Screen } from '../../../config/screen-types';

/** Marketing → segments screens. */
export const segmentsScreens: Screen[] = [];
