import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AuthMode } from '../hooks/use-auth-form';
import { SESSION_ENDED } from '../session';

// The dialog (Radix Dialog, focus trap, scroll lock, the auth form) is fetched on the first open,
// so no page pays for it before someone clicks "Log in".
const LoginDialog = lazy(async () => ({ default: (await import('./login-dialog')).LoginDialog }));

interface OpenOptions {
  /** Where a successful sign-in goes instead of /auth (spec 000's default). */
  redirectTo?: string;
  /** Why the dialog opened by itself: the server refused to renew the session. */
  reason?: 'sessionEnded';
}

interface LoginDialogApi {
  openLoginDialog: (mode?: AuthMode, options?: OpenOptions) => void;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

/** Owns the one login dialog of the app so the nav bar and any page can open it. */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{
    open: boolean;
    mode: AuthMode;
    redirectTo: string;
    reason?: OpenOptions['reason'];
  }>({
    open: false,
    mode: 'login',
    redirectTo: '/auth',
  });
  const [everOpened, setEverOpened] = useState(false);
  const openLoginDialog = useCallback((mode: AuthMode = 'login', options: OpenOptions = {}) => {
    setEverOpened(true);
    setState({ open: true, mode, redirectTo: options.redirectTo ?? '/auth', reason: options.reason });
  }, []);
  const api = useMemo(() => ({ openLoginDialog }), [openLoginDialog]);
  useSessionEndedPrompt(openLoginDialog);

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <LoginDialog
            open={state.open}
            initialMode={state.mode}
            redirectTo={state.redirectTo}
            notice={state.reason}
            onOpenChange={(open) => setState((prev) => ({ ...prev, open }))}
          />
        </Suspense>
      )}
    </LoginDialogContext.Provider>
  );
}

/**
 * A session the server would not renew (signed out on another device, expired refresh token) asks
 * the user to sign in again, and brings them back where they were, instead of pages failing as if
 * offline. The previous session's cached data goes with it, as on logout.
 */
function useSessionEndedPrompt(openLoginDialog: LoginDialogApi['openLoginDialog']) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onEnded = (event: Event) => {
      const from = (event as CustomEvent<{ from?: string }>).detail?.from;
      queryClient.clear();
      openLoginDialog('login', { redirectTo: from && from !== '/' ? from : '/auth', reason: 'sessionEnded' });
    };
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, [openLoginDialog, queryClient]);
}

export function useLoginDialog(): LoginDialogApi {
  const api = useContext(LoginDialogContext);
  if (!api) throw new Error('useLoginDialog must be used inside LoginDialogProvider');
  return api;
}
