import { RequireAuth } from '@/features/auth';
import { DashboardPage } from './components/dashboard-page';

/** /auth (spec 001 §2): a visitor is sent to /. */
export function DashboardRoute() {
  return (
    <RequireAuth redirectTo="/">
      <DashboardPage />
    </RequireAuth>
  );
}
