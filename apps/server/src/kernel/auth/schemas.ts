import { z } from 'zod';

export const email = z.email({ message: 'Enter a valid email address' }).max(254);
export const password = z.string().min(8, 'Use at least 8 characters').max(200);
export const communityName = z.string().trim().toLowerCase().min(1).max(63);
export const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const signupBody = z.object({
  community: communityName,
  name: z.string().trim().min(1).max(120),
  email,
  password,
  displayName: z.string().trim().max(120).optional(),
});
export const loginBody = z.object({ email, password: z.string().min(1).max(200), community: communityName.optional() });
export const otpRequestBody = z.object({
  email,
  community: communityName.optional(),
  purpose: z.enum(['login', 'reset']).default('login'),
});
export const otpVerifyBody = z.object({
  email,
  community: communityName.optional(),
  code: otpCode,
  purpose: z.enum(['login', 'reset']).default('login'),
});
export const forgotBody = z.object({ email, community: communityName.optional() });
export const resetBody = z.object({ email, community: communityName.optional(), code: otpCode, password });
export const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(200), newPassword: password });
export const updateMeBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    phone: z.string().trim().max(40).nullable(),
    theme: z.enum(['system', 'light', 'dark', 'semi-dark']),
    starred: z
      .array(
        z
          .string()
          .regex(/^\/[^\s]*$/, 'A console path such as /admin-panel/dashboard')
          .max(300),
      )
      .max(10, 'Star at most 10 pages')
      .refine((paths) => new Set(paths).size === paths.length, 'Each page once')
      .describe('The pages the user starred, in order (the navigation shows them)'),
  })
  .partial()
  .strict();

export const userOut = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roleId: z.string().nullable(),
  isOwner: z.boolean(),
  theme: z.string(),
  starred: z.array(z.string()),
  status: z.string(),
});
export const sessionOut = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userOut,
  community: z.object({ id: z.uuid(), name: z.string(), displayName: z.string().optional() }),
});
