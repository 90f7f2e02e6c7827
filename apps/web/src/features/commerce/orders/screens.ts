import type { Screen } from '../../../config/screen-types';

/** Shop → selling screens (order-management, order-returns, review, coupon-Management, shopping). */
export const orderScreens: Screen[] = [];
