import type { LoginRequest } from '@momentos/contract';
import { useMutation } from '@tanstack/react-query';
import { currentLanguage } from '@/lib/i18n';
import { getTrackingSessionId } from '@/lib/tracking-session';
import { forgotPassword, login, register, resendVerification, resetPassword, verifyEmail } from './auth-api';

type Credentials = Omit<LoginRequest, 'session_id'>;

export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: Credentials) => login({ ...credentials, session_id: getTrackingSessionId() }),
  });
}

export function useRegisterMutation() {
  return useMutation({
    // The account's e-mails are written in the language the visitor signed up in.
    mutationFn: (credentials: Credentials) =>
      register({ ...credentials, session_id: getTrackingSessionId(), language: currentLanguage() }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

export function useVerifyEmailMutation() {
  return useMutation({ mutationFn: verifyEmail });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
