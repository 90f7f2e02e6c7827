/** Auth surface: users, sessions, passwords, the sign-in client, rate limits. */
export type { AuthContext } from './context';
export { PLATFORM_COMMUNITY } from './context';
export { withDeviceCookie } from './devices';
export { hashPassword } from './passwords';
export { consumeRateLimit, type Limit } from './rate-limit';
export { clientOf } from './routes';
export { communityName, email, otpCode, password, userOut } from './schemas';
export { sessionCacheFor } from './session-cache';
export { users } from './tables';
