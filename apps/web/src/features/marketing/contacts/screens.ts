import type { Screen } from '../../../config/screen-types';

/** Marketing → contacts screens. */
export const contactsScreens: Screen[] = [];
