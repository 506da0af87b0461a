import type { PackageSnapshot } from '../../db/schema/index.js';
import { isFieldAllowed } from './field-permissions.js';

function entitlement(snapshot: PackageSnapshot) {
  return { tier: snapshot.tier, addons: snapshot.addons };
}

/** What the album's plan lets the host use (PRODUCT.md's permissions table, add-ons included). */
export function hostFeatures(snapshot: PackageSnapshot) {
  const e = entitlement(snapshot);
  return {
    zipDownload: isFieldAllowed('enable_zip_download', e),
    basicAnalytics: isFieldAllowed('enable_basic_analytics', e),
    advancedAnalytics: isFieldAllowed('enable_advanced_analytics', e),
  };
}
