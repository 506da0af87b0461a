import {
  ErrorCode,
  type AuthUser,
  type LoginRequest,
  type RegisterRequest,
  type Session,
  type UpdateMeRequest,
} from '@momentos/contract';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/index.js';
import { getDecoyHash, hashPassword, verifyPassword } from '../../platform/auth/password.js';
import { generateToken, hashToken } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Mailer } from '../../platform/mailer/mailer.js';
import type { FailureDelay } from '../../platform/rate-limit/failure-delay.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.js';
import type { RememberedKeys } from '../../platform/rate-limit/remembered-keys.js';
import type { SharedGrantCache } from './auth-change-notices.js';
import { passwordResetEmail, preferredLanguage, verificationEmail } from './auth.emails.js';
import type { AccessGrant } from '../access/index.js';
import type { AuthRepository, EmailTokenPurpose } from './auth.repository.js';
import { createSignInThrottle, type SignInAttempt } from './sign-in-throttle.js';

const VERIFY_EMAIL_TTL_MS = 48 * 3600_000;
const RESET_PASSWORD_TTL_MS = 3600_000;

interface AuthServiceDeps {
  repo: AuthRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  failureDelay: FailureDelay;
  /** Devices each account signed in from, which strangers' wrong passwords never hold back. */
  knownDevices: RememberedKeys;
  config: Config;
  /** Grants of checked access tokens, dropped on every server when the database announces a change. */
  grants: Pick<SharedGrantCache, 'read' | 'forget' | 'settled'>;
}

export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    user_metadata: { email_verified: user.emailVerifiedAt !== null },
  };
}

/** The signed-in user as `/me` answers it, from the grant the access policy already checked. */
export function authUserOfGrant(grant: AccessGrant): AuthUser {
  return {
    id: grant.userId,
    email: grant.email,
    role: grant.role,
    created_at: grant.createdAt.toISOString(),
    user_metadata: { email_verified: grant.emailVerified },
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, mailer, rateLimiter, failureDelay, knownDevices, config, grants } = deps;
  const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const signInThrottle = createSignInThrottle({ rateLimiter, failureDelay, knownDevices, config });

  /**
   * After a write that revokes or changes a grant: this server forgets it at once (its own notice
   * may still be on the way), and answers once it has heard the database's notice, which every
   * other server was sent at the same commit.
   */
  async function forgetEverywhere(match: { sessionId?: string; userId?: string }) {
    grants.forget(match);
    await grants.settled();
  }

  async function revokeSession(sessionId: string, reason: string) {
    await repo.revokeSession(sessionId, reason);
    await forgetEverywhere({ sessionId });
  }

  async function enforceLimit(key: string, limit: number) {
    const result = await rateLimiter.hit(key, limit, windowSeconds);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfterSeconds);
  }

  async function issueSession(user: UserRow, sessionId: string): Promise<Session> {
    const accessToken = generateToken();
    const refreshToken = generateToken();
    const now = Date.now();
    const accessExpiresAt = new Date(now + config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    await repo.insertTokens([
      { tokenHash: hashToken(accessToken), sessionId, kind: 'access', expiresAt: accessExpiresAt },
      {
        tokenHash: hashToken(refreshToken),
        sessionId,
        kind: 'refresh',
        expiresAt: new Date(now + config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      },
    ]);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(accessExpiresAt.getTime() / 1000),
      expires_in: config.ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'bearer',
      user: toAuthUser(user),
    };
  }

  async function startSession(user: UserRow, trackingSessionId?: string) {
    const session = await repo.insertSession(user.id, trackingSessionId);
    return { session: await issueSession(user, session.id), user: toAuthUser(user) };
  }

  async function sendEmailLink(user: UserRow, purpose: EmailTokenPurpose) {
    const token = generateToken();
    const ttl = purpose === 'verify_email' ? VERIFY_EMAIL_TTL_MS : RESET_PASSWORD_TTL_MS;
    await repo.insertEmailToken({
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + ttl),
    });
    const route = purpose === 'verify_email' ? 'verify-email' : 'reset-password';
    const link = `${config.publicUrl}/${route}?token=${token}`;
    await mailer.send(
      purpose === 'verify_email'
        ? verificationEmail(user.email, link, user.language)
        : passwordResetEmail(user.email, link, user.language),
    );
  }

  return {
    /** `acceptLanguage` (the request's header) speaks for a client that did not say its language. */
    async register(
      input: RegisterRequest,
      { clientIp, deviceId, acceptLanguage }: Omit<SignInAttempt, 'email'> & { acceptLanguage?: string },
    ) {
      const email = input.email.toLowerCase();
      await enforceLimit(`auth:ip:${clientIp}`, config.AUTH_RATE_LIMIT_PER_IP);
      const existing = await repo.findUserByEmail(email);
      const user =
        existing === undefined
          ? await repo.insertUser({
              email,
              passwordHash: await hashPassword(input.password),
              signupTrackingSessionId: input.session_id,
              language: input.language ?? preferredLanguage(acceptLanguage),
            })
          : undefined;
      if (!user) throw AppError.conflict('A user with this email already exists', ErrorCode.EMAIL_ALREADY_EXISTS);
      await sendEmailLink(user, 'verify_email');
      await signInThrottle.succeeded({ email, clientIp, deviceId });
      return startSession(user, input.session_id);
    },

    async login(input: LoginRequest, { clientIp, deviceId }: Omit<SignInAttempt, 'email'>) {
      const email = input.email.toLowerCase();
      const attempt = { email, clientIp, deviceId };
      await enforceLimit(`auth:ip:${clientIp}`, config.AUTH_RATE_LIMIT_PER_IP);
      const admitted = await signInThrottle.admit(attempt);
      const user = await repo.findUserByEmail(email);
      // An unknown address still costs one hash, so timing does not reveal which addresses exist.
      const isValid = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
      if (!user || !isValid) {
        await signInThrottle.failed(attempt, admitted);
        throw AppError.unauthorized('Invalid email or password', ErrorCode.INVALID_CREDENTIALS);
      }
      await signInThrottle.succeeded(attempt);
      return startSession(user, input.session_id);
    },

    /** Rotates a refresh token; a token presented twice means it leaked, so its whole family ends. */
    async refresh(refreshToken: string) {
      const invalid = AppError.unauthorized('Invalid or expired refresh token', ErrorCode.INVALID_REFRESH_TOKEN);
      const tokenHash = hashToken(refreshToken);
      const found = await repo.findRefreshToken(tokenHash);
      if (!found || found.session.revokedAt || found.token.expiresAt <= new Date()) throw invalid;
      if (!(await repo.consumeRefreshToken(tokenHash))) {
        await revokeSession(found.session.id, 'refresh_token_reused');
        throw invalid;
      }
      const user = await repo.findUserById(found.session.userId);
      if (!user) throw invalid;
      return { session: await issueSession(user, found.session.id), user: toAuthUser(user) };
    },

    logout: (sessionId: string) => revokeSession(sessionId, 'logout'),

    /** The signed-in person switched the site's language: their e-mails follow it. */
    async updateMe(userId: string, input: UpdateMeRequest) {
      await repo.updateUser(userId, { language: input.language });
    },

    async verifyEmail(token: string) {
      const userId = await repo.consumeEmailToken(hashToken(token), 'verify_email');
      if (!userId)
        throw AppError.badRequest('This verification link is invalid or has expired', ErrorCode.INVALID_EMAIL_TOKEN);
      await repo.updateUser(userId, { emailVerifiedAt: new Date() });
      await forgetEverywhere({ userId });
    },

    async resendVerification(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user || user.emailVerifiedAt) return;
      await enforceLimit(`verify:user:${userId}`, 5);
      await sendEmailLink(user, 'verify_email');
    },

    /** Answers the same whether or not the address exists. */
    async forgotPassword(email: string, clientIp: string) {
      await enforceLimit(`auth:ip:${clientIp}`, config.AUTH_RATE_LIMIT_PER_IP);
      await enforceLimit(`reset:email:${email.toLowerCase()}`, 5);
      const user = await repo.findUserByEmail(email.toLowerCase());
      if (user) await sendEmailLink(user, 'reset_password');
    },

    /** Sets the new password and signs out every session, since the old password may be known. */
    async resetPassword(token: string, password: string) {
      const userId = await repo.consumeEmailToken(hashToken(token), 'reset_password');
      if (!userId)
        throw AppError.badRequest('This reset link is invalid or has expired', ErrorCode.INVALID_EMAIL_TOKEN);
      // Opening the link proves the address is the user's.
      await repo.updateUser(userId, { passwordHash: await hashPassword(password), emailVerifiedAt: new Date() });
      await repo.revokeAllSessionsOfUser(userId, 'password_reset');
      await forgetEverywhere({ userId });
    },

    /** The grant of a live access token; no database query while it is cached and notices are heard. */
    async findAccessGrant(accessToken: string) {
      const tokenHash = hashToken(accessToken);
      return grants.read(tokenHash, async () => {
        const found = await repo.findAccessGrant(tokenHash);
        if (!found) return undefined;
        const { expiresAt, ...grant } = found;
        return { grant, tokenExpiresAt: expiresAt };
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
