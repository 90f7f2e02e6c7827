import { boundToDatabase } from '../db/per-database';
import type { SecretBox } from './secret-box';

/** The app's secret box, reachable from anything holding its database (resource hooks, services). */
const secretBoxes = boundToDatabase<SecretBox>('secret box');
export const bindSecretBox = secretBoxes.bind;
export const secretBoxFor = secretBoxes.of;
