import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../hooks/use-auth';

/** Renders children for a logged-in user, else redirects (spec 001 §2: /auth → /, /modify → /auth). */
export function RequireAuth({ redirectTo, children }: { redirectTo: string; children: ReactNode }) {
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) return <Navigate to={redirectTo} replace />;
  return children;
}
