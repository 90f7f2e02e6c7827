import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceTokenOf, withDeviceCookie } from './devices';
import {
  changePasswordBody,
  forgotBody,
  loginBody,
  otpRequestBody,
  otpVerifyBody,
  resetBody,
  sessionOut,
  signupBody,
  updateMeBody,
  userOut,
} from './schemas';
import { authService } from './service';

export const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'], device: deviceTokenOf(req) });

const publicRoute = { public: true } as const;
const signedIn = { access: 'authenticated' } as const;
const tags = ['auth'];
const accepted = z.object({ data: z.object({ sent: z.boolean() }) });

/** /api/v1/auth: sign-up, sign-in, sign-out, OTP, forgot/reset/change password, own details. */
export async function authRoutes(app: FastifyInstance) {
  const auth = authService(app);
  app.decorate('auth', auth);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/auth/signup',
    { config: publicRoute, schema: { tags, summary: 'Create a community and its owner', body: signupBody, response: { 201: sessionOut } } },
    async (req, reply) => reply.code(201).send(await auth.signup(req.body, clientOf(req))),
  );

  r.post(
    '/api/v1/auth/login',
    { config: publicRoute, schema: { tags, summary: 'Sign in with email and password', body: loginBody, response: { 200: sessionOut } } },
    async (req, reply) => withDeviceCookie(reply, await auth.login(req.body, clientOf(req)), app.config.env === 'production'),
  );

  r.post('/api/v1/auth/logout', { config: signedIn, schema: { tags, summary: 'Revoke this session' } }, async (req, reply) => {
    await auth.logout(req.auth!);
    return reply.code(204).send();
  });

  r.post(
    '/api/v1/auth/otp',
    { config: publicRoute, schema: { tags, summary: 'Email a one-time code', body: otpRequestBody, response: { 202: accepted } } },
    async (req, reply) => {
      await auth.issueOtp(req.body, clientOf(req));
      return reply.code(202).send({ data: { sent: true } });
    },
  );

  r.post(
    '/api/v1/auth/otp/verify',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sign in with a one-time code',
        body: otpVerifyBody.extend({ purpose: z.literal('login').default('login') }),
        response: { 200: sessionOut.omit({ community: true }) },
      },
    },
    async (req) => {
      const result = (await auth.verifyOtp({ ...req.body, purpose: 'login' }, clientOf(req))) as unknown as {
        token: string;
        expiresAt: string;
        user: never;
      };
      return { token: result.token, expiresAt: result.expiresAt, user: result.user };
    },
  );

  r.post(
    '/api/v1/auth/password/forgot',
    { config: publicRoute, schema: { tags, summary: 'Email a code to reset the password', body: forgotBody, response: { 202: accepted } } },
    async (req, reply) => {
      await auth.issueOtp({ ...req.body, purpose: 'reset' }, clientOf(req));
      return reply.code(202).send({ data: { sent: true } });
    },
  );

  r.post(
    '/api/v1/auth/password/reset',
    { config: publicRoute, schema: { tags, summary: 'Set a new password with the emailed code', body: resetBody } },
    async (req, reply) => {
      await auth.resetPassword(req.body, clientOf(req));
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/auth/password/change',
    { config: signedIn, schema: { tags, summary: 'Change own password (signs out other sessions)', body: changePasswordBody } },
    async (req, reply) => {
      await auth.changePassword(req.auth!, req.body);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/v1/auth/me',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Own details and session',
        response: {
          200: z.object({
            data: userOut,
            community: z.object({ id: z.string(), name: z.string() }),
            permissions: z.record(z.string(), z.string()),
          }),
        },
      },
    },
    async (req) => ({
      data: await auth.me(req.auth!),
      community: { id: req.auth!.tenantId, name: req.auth!.community },
      permissions: req.auth!.isOwner ? { '*': 'write' } : (req.auth!.permissions as Record<string, string>),
    }),
  );

  r.patch(
    '/api/v1/auth/me',
    {
      config: signedIn,
      schema: { tags, summary: 'Update own details', body: updateMeBody, response: { 200: z.object({ data: userOut }) } },
    },
    async (req) => ({ data: await auth.updateMe(req.auth!, req.body) }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof authService>;
  }
}
