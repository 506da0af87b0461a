import type { Customization, CustomizationField } from '@momentos/contract';
import type { AlbumRow, CustomizationRow } from '../../db/schema/index.js';
import type { CustomizationValues } from './customization-payload.js';
import type { CustomizationUpdate } from './customizations.repository.js';

/**
 * The API's snake_case view of a row (spec 001 section 3). `zipIncluded`: whether the plan or a bought add-on gives
 * the ZIP, which is all the download obeys; the stored flag is only what the wizard once saved.
 */
export function toCustomization(row: CustomizationRow, album?: AlbumRow, zipIncluded?: boolean): Customization {
  return {
    id: row.id,
    order_id: row.orderId,
    status: row.status,
    album_id: album?.id ?? null,
    access_code: album?.accessCode ?? null,
    event_name: row.eventName,
    event_date: row.eventDate ?? '',
    event_location: row.eventLocation,
    event_description: row.eventDescription,
    cover_image_url: row.coverImageUrl,
    font_type: row.fontType,
    font_height: row.fontHeight,
    music_url: row.musicUrl,
    enable_notices: row.enableNotices,
    enable_parejas: row.enableParejas,
    enable_verification: row.enableVerification,
    enable_basic_analytics: row.enableBasicAnalytics,
    enable_advanced_analytics: row.enableAdvancedAnalytics,
    enable_bilingual: row.enableBilingual,
    priority_support: row.prioritySupport,
    enable_zip_download: zipIncluded ?? row.enableZipDownload,
    time_zone: row.timeZone,
    enable_guest_downloads: row.enableGuestDownloads,
    enable_public_guestbook: row.enablePublicGuestbook,
    enable_face_search: row.enableFaceSearch,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const COLUMN_OF: Record<CustomizationField, keyof CustomizationUpdate> = {
  event_name: 'eventName',
  event_date: 'eventDate',
  event_location: 'eventLocation',
  event_description: 'eventDescription',
  cover_image_url: 'coverImageUrl',
  font_type: 'fontType',
  font_height: 'fontHeight',
  music_url: 'musicUrl',
  enable_notices: 'enableNotices',
  enable_parejas: 'enableParejas',
  enable_verification: 'enableVerification',
  enable_basic_analytics: 'enableBasicAnalytics',
  enable_advanced_analytics: 'enableAdvancedAnalytics',
  enable_bilingual: 'enableBilingual',
  priority_support: 'prioritySupport',
  enable_zip_download: 'enableZipDownload',
  time_zone: 'timeZone',
  enable_guest_downloads: 'enableGuestDownloads',
  enable_public_guestbook: 'enablePublicGuestbook',
  enable_face_search: 'enableFaceSearch',
};

export function toColumns(values: CustomizationValues): CustomizationUpdate {
  const update: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) update[COLUMN_OF[field as CustomizationField]] = value;
  return update as CustomizationUpdate;
}
