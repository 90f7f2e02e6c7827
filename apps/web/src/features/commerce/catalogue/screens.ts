import type { Screen } from '../../../config/screen-types';

/** Shop → catalogue screens (controlcenter/e-commerce: newproduct, myproduct, tags, attributes, addatrributes, category). */
export const catalogueScreens: Screen[] = [];
