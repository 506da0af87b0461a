import { AccountPage } from '@/features/auth/components/account-page';
import { RequireAuth } from '@/features/auth/components/require-auth';

/** Screens behind a sign-in, loaded on demand so they stay out of the home page's bundle. */
export function AccountScreen() {
  return (
    <RequireAuth redirectTo="/">
      <AccountPage />
    </RequireAuth>
  );
}
