import type { AreaDeclaration } from '../../config/screen-types';
import { channelsScreens } from './channels/screens';
import { contactsScreens } from './contacts/screens';
import { pagesCards, pagesScreens } from './pages/screens';
import { segmentsScreens } from './segments/screens';
import { templatesScreens } from './templates/screens';

/** Marketing (navigation group "Marketing"): each part's screens are declared in its folder. */
export const marketingArea: AreaDeclaration = {
  groups: [{ key: 'marketing', label: 'Marketing', order: 30, areas: ['marketing'] }],
  screens: [...contactsScreens, ...segmentsScreens, ...templatesScreens, ...channelsScreens, ...pagesScreens],
  cards: pagesCards,
};
