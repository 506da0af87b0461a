// The account's public entry: the session and sign-in pieces every other screen relies on, and the
// two e-mail link pages for the route table (loaded lazily).
export { MissingSessionError, updateMyLanguage } from './api/auth-api';
export { useLoginMutation, useRegisterMutation, useResendVerificationMutation } from './api/use-auth-mutations';
export { EmailStatus } from './components/email-status';
export { LoginDialogProvider, useLoginDialog } from './components/login-dialog-context';
export { RequireAuth } from './components/require-auth';
export { useAuth } from './hooks/use-auth';
export { useLogout } from './hooks/use-logout';
export { useSessionRefresh } from './hooks/use-session-refresh';
export { saveSession } from './session';

export const loadVerifyEmailRoute = async () => ({
  Component: (await import('./components/verify-email-page')).VerifyEmailPage,
});
export const loadResetPasswordRoute = async () => ({
  Component: (await import('./components/reset-password-page')).ResetPasswordPage,
});
