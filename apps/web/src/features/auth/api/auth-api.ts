import type {
  AuthResponse,
  EmailTokenRequest,
  ForgotPasswordRequest,
  Language,
  LoginRequest,
  MeResponse,
  OkResponse,
  RegisterRequest,
  ResetPasswordRequest,
  Session,
  UpdateMeRequest,
} from '@momentos/contract';
import { apiRequest } from '@/lib/api-client';

/** Spec 000 §3: the session may sit under data.session or at the top level of the answer. */
type AuthAnswer = Partial<AuthResponse> & { session?: Session };

export class MissingSessionError extends Error {
  constructor() {
    super('No valid session data received');
    this.name = 'MissingSessionError';
  }
}

/** Pulls the session out of a login/register/refresh answer; throws when there is none. */
export function sessionFromAnswer(answer: AuthAnswer | null | undefined): Session {
  const session = answer?.data?.session ?? answer?.session;
  if (!session?.access_token) throw new MissingSessionError();
  return session;
}

export async function login(body: LoginRequest): Promise<Session> {
  return sessionFromAnswer(await apiRequest<AuthAnswer>('/api/auth/login', { body }));
}

export async function register(body: RegisterRequest): Promise<Session> {
  return sessionFromAnswer(await apiRequest<AuthAnswer>('/api/auth/register', { body }));
}

export function logout(): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/auth/logout', { method: 'POST' });
}

/** Stores the signed-in person's language: their e-mails are written in it. */
export function updateMyLanguage(language: Language): Promise<OkResponse> {
  const body: UpdateMeRequest = { language };
  return apiRequest<OkResponse>('/api/auth/me', { method: 'PATCH', body });
}

export function fetchMe(): Promise<MeResponse> {
  return apiRequest<MeResponse>('/api/auth/me');
}

export function verifyEmail(body: EmailTokenRequest): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/auth/verify-email', { body });
}

export function resendVerification(): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/auth/resend-verification', { method: 'POST' });
}

export function forgotPassword(body: ForgotPasswordRequest): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/auth/forgot-password', { body });
}

export function resetPassword(body: ResetPasswordRequest): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/auth/reset-password', { body });
}
