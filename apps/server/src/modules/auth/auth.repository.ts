import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authSessions, authTokens, emailTokens, users, type UserRow } from '../../db/schema/index.js';
import type { AccessGrant } from '../access/index.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** Every query of the auth module. Tokens arrive here already hashed. */
export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Returns undefined when the address is taken (also when another request took it first). */
    async insertUser(values: {
      email: string;
      passwordHash: string;
      signupTrackingSessionId?: string;
      role?: UserRow['role'];
      language?: UserRow['language'];
    }) {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },

    async updateUser(
      id: string,
      values: Partial<Pick<UserRow, 'passwordHash' | 'emailVerifiedAt' | 'role' | 'language'>>,
    ) {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async insertSession(userId: string, trackingSessionId?: string) {
      const [row] = await db.insert(authSessions).values({ userId, trackingSessionId }).returning();
      return row!;
    },

    async insertTokens(
      rows: Array<{ tokenHash: string; sessionId: string; kind: 'access' | 'refresh'; expiresAt: Date }>,
    ) {
      await db.insert(authTokens).values(rows);
    },

    /** The grant behind a live access token, or undefined if it is unknown, expired or revoked. */
    async findAccessGrant(tokenHash: string): Promise<(AccessGrant & { expiresAt: Date }) | undefined> {
      const [row] = await db
        .select({
          userId: authSessions.userId,
          email: users.email,
          sessionId: authSessions.id,
          role: users.role,
          createdAt: users.createdAt,
          emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
          expiresAt: authTokens.expiresAt,
        })
        .from(authTokens)
        .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.kind, 'access'),
            gt(authTokens.expiresAt, new Date()),
            isNull(authSessions.revokedAt),
          ),
        );
      return row;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ token: authTokens, session: authSessions })
        .from(authTokens)
        .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'refresh')));
      return row;
    },

    /** Marks a refresh token used; false when it already was (a second presentation). */
    async consumeRefreshToken(tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)))
        .returning({ tokenHash: authTokens.tokenHash });
      return rows.length === 1;
    },

    async revokeSession(sessionId: string, reason: string) {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    async revokeAllSessionsOfUser(userId: string, reason: string) {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },

    async insertEmailToken(values: { tokenHash: string; userId: string; purpose: EmailTokenPurpose; expiresAt: Date }) {
      await db.insert(emailTokens).values(values);
    },

    /** Uses a live e-mail token once and returns its user id; undefined if unknown, used or expired. */
    async consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return row?.userId;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
