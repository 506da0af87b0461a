import { RequireAuth } from '@/features/auth';
import { ModifyPage } from './components/modify-page';

/** /modify/{id}: a visitor goes to /auth (spec 001 §6); loaded lazily by the route table. */
export function ModifyRoute() {
  return (
    <RequireAuth redirectTo="/auth">
      <ModifyPage />
    </RequireAuth>
  );
}
