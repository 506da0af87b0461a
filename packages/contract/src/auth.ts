import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

import { successEnvelope, ZSingleLineText } from './common.js';

const ZEmail = ZSingleLineText.trim()
  .max(254)
  .pipe(z.email({ message: 'Invalid email address' }));

const ZPassword = ZSingleLineText.min(PASSWORD_MIN_LENGTH, {
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
}).max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

/** The languages the site and its e-mails are written in. */
export const ZLanguage = z.enum(['es', 'en']);
export type Language = z.infer<typeof ZLanguage>;

export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  /** The language the visitor uses the site in; the account's e-mails are written in it (else Accept-Language). */
  language: ZLanguage.optional(),
  /** The visitor's tracking session id, kept to attribute the sign-up. */
  session_id: ZSingleLineText.max(100).optional(),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  // Length is not checked on login so that a short password gets the same answer as a wrong one.
  password: ZSingleLineText.min(1, { message: 'Password is required' }).max(PASSWORD_MAX_LENGTH),
  session_id: ZSingleLineText.max(100).optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZUserRole = z.enum(['host', 'agent']);
export type UserRole = z.infer<typeof ZUserRole>;

export const ZAuthUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZUserRole,
  created_at: z.string(),
  user_metadata: z.object({ email_verified: z.boolean() }),
});
export type AuthUser = z.infer<typeof ZAuthUser>;

export const ZSession = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds since the epoch at which the access token stops being accepted. */
  expires_at: z.number().int(),
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
  user: ZAuthUser,
});
export type Session = z.infer<typeof ZSession>;

export const ZAuthResponse = successEnvelope(z.object({ session: ZSession, user: ZAuthUser }));
export type AuthResponse = z.infer<typeof ZAuthResponse>;

export const ZRefreshRequest = z.object({ refresh_token: ZSingleLineText.min(1).max(200) });
export type RefreshRequest = z.infer<typeof ZRefreshRequest>;

/** What a signed-in person may change of their account: the language their e-mails are written in. */
export const ZUpdateMeRequest = z.object({ language: ZLanguage });
export type UpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

export const ZMeResponse = successEnvelope(z.object({ user: ZAuthUser }));
export type MeResponse = z.infer<typeof ZMeResponse>;

export const ZEmailTokenRequest = z.object({ token: ZSingleLineText.min(1).max(200) });
export type EmailTokenRequest = z.infer<typeof ZEmailTokenRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ token: ZSingleLineText.min(1).max(200), password: ZPassword });
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
