import {
  errorResponses,
  ZAuthResponse,
  ZEmailTokenRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMeResponse,
  ZOkResponse,
  ZRefreshRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUpdateMeRequest,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../access/index.js';
import { deviceIdOf, keepDeviceId } from './device-cookie.js';
import { authUserOfGrant, type AuthService } from './auth.service.js';

const errors = errorResponses(400, 401, 409, 429);
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService; publicUrl: string }> = async (
  app,
  { authService, publicUrl },
) => {
  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: ZRegisterRequest,
        response: { 201: ZAuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdOf(request);
      const acceptLanguage = request.headers['accept-language'];
      const data = await authService.register(request.body, { clientIp: request.ip, deviceId, acceptLanguage });
      keepDeviceId(reply, deviceId, publicUrl);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const deviceId = deviceIdOf(request);
      const data = await authService.login(request.body, { clientIp: request.ip, deviceId });
      keepDeviceId(reply, deviceId, publicUrl);
      return { success: true as const, data };
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new session',
        body: ZRefreshRequest,
        response: { 200: ZAuthResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await authService.refresh(request.body.refresh_token) }),
  );

  app.post(
    '/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'End this session', response: { 200: ZOkResponse, ...errors } },
    },
    async (request) => {
      await authService.logout(currentUser(request).sessionId);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in user', response: { 200: ZMeResponse, ...errors } },
    },
    // The access policy checked the token and read the user with it (cached: no query here).
    async (request) => ({ success: true as const, data: { user: authUserOfGrant(currentUser(request)) } }),
  );

  app.patch(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Change the signed-in user's language (their e-mails are written in it)",
        body: ZUpdateMeRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await authService.updateMe(currentUser(request).userId, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the link token',
        body: ZEmailTokenRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await authService.verifyEmail(request.body.token);
      return { success: true as const, message: 'Email verified' };
    },
  );

  app.post(
    '/resend-verification',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Send the verification e-mail again', response: { 200: ZOkResponse, ...errors } },
    },
    async (request) => {
      await authService.resendVerification(currentUser(request).userId);
      return { success: true as const };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: ZForgotPasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await authService.forgotPassword(request.body.email, request.ip);
      return { success: true as const, message: 'If the address has an account, a reset link is on its way' };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Choose a new password with the link token',
        body: ZResetPasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await authService.resetPassword(request.body.token, request.body.password);
      return { success: true as const };
    },
  );
};
