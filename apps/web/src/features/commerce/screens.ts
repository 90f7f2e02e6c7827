import type { AreaDeclaration } from '../../config/screen-types';
import { catalogueScreens } from './catalogue/screens';
import { orderCards, orderScreens } from './orders/screens';

/** The shop (navigation group "Shop"): catalogue and selling screens, each half declared in its folder; the sales card leads the dashboard. */
export const commerceArea: AreaDeclaration = {
  groups: [{ key: 'shop', label: 'Shop', order: 20, areas: ['commerce'] }],
  screens: [...catalogueScreens, ...orderScreens],
  cards: orderCards,
};
