import type {
  CompleteResponse,
  Customization,
  CustomizationResponse,
  Font,
  PermissionsResponse,
  UpdateCustomizationResponse,
  ValidateResponse,
  ZCustomizationsResponse,
  ZFontsResponse,
} from '@momentos/contract';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { SavePayload } from '../lib/draft';

const BASE = '/api/customizations';

// Every answer is `{ success, data }` per the contract; a bare payload is accepted too so a
// server that answers without the envelope does not break the screens.
function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body && 'success' in body) return (body as { data: T }).data;
  return body as T;
}

/** Query keys shared by the wizard, the summary, the modify screen and the account list. */
export const customizationKeys = {
  one: (id: string) => ['customization', id] as const,
  permissions: (id: string) => ['customization', id, 'permissions'] as const,
  validate: (id: string) => ['customization', id, 'validate'] as const,
  mine: ['customization', 'mine'] as const,
  fonts: ['customization', 'fonts'] as const,
};

export async function startCustomization(orderId: string): Promise<Customization> {
  const res = await apiRequest<CustomizationResponse>(`${BASE}/start`, { method: 'POST', body: { orderId } });
  return res.data;
}

export async function fetchCustomization(id: string): Promise<Customization> {
  return unwrap<Customization>(await apiRequest<CustomizationResponse>(`${BASE}/${encodeURIComponent(id)}`));
}

export async function fetchPermissions(id: string): Promise<PermissionsResponse['data']> {
  return (await apiRequest<PermissionsResponse>(`${BASE}/${encodeURIComponent(id)}/permissions`)).data;
}

/** The host's IANA time zone, where the album's upload window ends; none when the browser cannot name it. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone !== 'Etc/Unknown' ? zone : undefined;
}

/**
 * Saves fields. Every save carries the browser's time zone unless the payload names one (the modify
 * screen sends back the album's own, so editing from a trip does not move the upload window).
 */
export async function updateCustomization(
  id: string,
  payload: SavePayload,
): Promise<UpdateCustomizationResponse['data']> {
  const timeZone = browserTimeZone();
  const body = timeZone && !payload.time_zone ? { ...payload, time_zone: timeZone } : payload;
  const res = await apiRequest<UpdateCustomizationResponse>(`${BASE}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
  return res.data;
}

export async function validateCustomization(id: string): Promise<ValidateResponse['data']> {
  return (await apiRequest<ValidateResponse>(`${BASE}/${encodeURIComponent(id)}/validate`)).data;
}

export async function completeCustomization(id: string): Promise<CompleteResponse['data']> {
  return (
    await apiRequest<CompleteResponse>(`${BASE}/${encodeURIComponent(id)}/complete`, { method: 'POST', body: {} })
  ).data;
}

export async function fetchMyCustomizations(): Promise<Customization[]> {
  const body = await apiRequest<z.infer<typeof ZCustomizationsResponse>>(`${BASE}/my-customizations`);
  return unwrap<Customization[]>(body);
}

export async function fetchFonts(): Promise<Font[]> {
  return unwrap<Font[]>(await apiRequest<z.infer<typeof ZFontsResponse>>(`${BASE}/fonts`));
}
