import type { Screen } from '../../../config/screen-types';

/** Marketing → templates screens. */
export const templatesScreens: Screen[] = [];
