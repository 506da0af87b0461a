import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AuthMode } from '../hooks/use-auth-form';

// The dialog (Radix Dialog, focus trap, scroll lock, the auth form) is fetched on the first open,
// so no page pays for it before someone clicks "Log in".
const LoginDialog = lazy(async () => ({ default: (await import('./login-dialog')).LoginDialog }));

interface LoginDialogApi {
  /** `redirectTo`: where a successful sign-in goes instead of /auth (spec 000's default). */
  openLoginDialog: (mode?: AuthMode, options?: { redirectTo?: string }) => void;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

/** Owns the one login dialog of the app so the nav bar and any page can open it. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; mode: AuthMode; redirectTo: string }>({ open: false, mode: 'login', redirectTo: '/auth' });
  const [everOpened, setEverOpened] = useState(false);
  const openLoginDialog = useCallback(
    (mode: AuthMode = 'login', options: { redirectTo?: string } = {}) => {
      setEverOpened(true);
      setState({ open: true, mode, redirectTo: options.redirectTo ?? '/auth' });
    },
    [],
  );
  const api = useMemo(() => ({ openLoginDialog }), [openLoginDialog]);

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <LoginDialog
            open={state.open}
            initialMode={state.mode}
            redirectTo={state.redirectTo}
            onOpenChange={(open) => setState((prev) => ({ ...prev, open }))}
          />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogApi {
  const api = useContext(LoginDialogContext);
  if (!api) throw new Error('useLoginDialog must be used inside LoginDialogProvider');
  return api;
}
