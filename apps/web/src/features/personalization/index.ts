// The personalization wizard's public entry: its pages for the route table (loaded lazily, so the
// wizard and its confetti stay out of the first bundle), and the customization API, permissions,
// field locks and cover upload that the modify screen edits the same customization with.
export { customizationKeys, fetchCustomization, updateCustomization } from './api/customizations-api';
export { uploadImage } from './api/upload-image';
export { CoverUploadProgress, useCoverPicker } from './components/cover-picker';
export { useFonts, usePermissions } from './hooks/use-permissions';
export { usePlanRestrictionToast } from './hooks/use-save-step';
export { buildSavePayload, type SavePayload } from './lib/draft';
export { fieldLock, isFieldAllowed, type Permissions } from './lib/locks';

export const loadStep1Route = async () => ({ Component: (await import('./routes')).Step1Route });
export const loadStep2Route = async () => ({ Component: (await import('./routes')).Step2Route });
export const loadSummaryRoute = async () => ({ Component: (await import('./routes')).SummaryRoute });
