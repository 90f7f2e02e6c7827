import type { Screen } from '../../../config/screen-types';

/** Marketing → channels screens. */
export const channelsScreens: Screen[] = [];
