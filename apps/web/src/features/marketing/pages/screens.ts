import type { Screen } from '../../../config/screen-types';

/** Marketing → pages screens. */
export const pagesScreens: Screen[] = [];
