import { z } from 'zod';

/** An optional media or link address of a template (http or https, up to 2,000 characters; null clears it). */
export const templateUrl = () =>
  z
    .url({ protocol: /^https?$/, message: 'A web address (https://…)' })
    .max(2000)
    .nullable();
