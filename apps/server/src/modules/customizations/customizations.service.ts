import { ErrorCode, REQUIRED_CUSTOMIZATION_FIELDS, type CustomizationField, type PlanTier } from '@momentos/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { CustomizationRow, OrderRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { generateAccessCode } from '../albums/index.js';
import { buildPackageSnapshot, windowDaysOf } from '../albums/index.js';
import { uploadWindowEnd } from '../albums/index.js';
import { announcerOf, type AlbumChanges } from '../albums/index.js';
import { toColumns, toCustomization } from './customization-mapping.js';
import { normalizeCustomizationPayload, type CustomizationValues } from './customization-payload.js';
import { createCustomizationsRepository, type CustomizationsRepository } from './customizations.repository.js';
import { describePermissions, isFieldAllowed } from './field-permissions.js';
import { hostFeatures } from './host-features.js';

const CODE_ATTEMPTS = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cancelled (or, after failed renewals, ended) subscription closes uploads when its paid period ends. */
const paidThroughOf = (order: OrderRow | undefined) =>
  order?.subscriptionEndedAt ? (order.paidUntil ?? order.subscriptionEndedAt) : null;

/** A finished album's customization was saved: before and after, in the saving transaction. */
export interface CustomizationSaved {
  albumId: string;
  before: CustomizationRow;
  after: CustomizationRow;
}
/** What another module does when a finished album's settings change ("Find me" indexes or forgets faces). */
export type CustomizationSavedHook = (tx: Database, saved: CustomizationSaved) => Promise<void>;

/**
 * `changes`: saving a finished album's customization changes what its guests' cached pages show.
 * `savedHooks`: run inside the saving transaction, so a setting and what it starts land together.
 */
export function createCustomizationsService(
  repo: CustomizationsRepository,
  config: Config,
  changes?: AlbumChanges,
  savedHooks: readonly CustomizationSavedHook[] = [],
) {
  const announce = announcerOf(changes, 'album');
  /** The access policy let only the owner in (`customization-owner`): another user never gets here. */
  async function customizationById(id: string): Promise<CustomizationRow> {
    return (await repo.findCustomization(id)) ?? Promise.reject(AppError.notFound('Customization not found'));
  }

  async function entitlementAndAlbum(row: CustomizationRow) {
    const entitlement = await repo.findOrderEntitlement(row.orderId);
    if (!entitlement) throw AppError.notFound('The order of this customization has no plan');
    // Add-ons bought for the album after it was made (an add-on order) open their fields too.
    const album = await repo.findAlbumOfCustomization(row.id);
    const addons = [...new Set([...entitlement.addons, ...(album?.packageSnapshot.addons ?? [])])];
    const full = { ...entitlement, addons } as {
      tier: PlanTier;
      billingType: 'subscription' | 'one_time';
      addons: string[];
    };
    return { entitlement: full, album };
  }
  const entitlementOf = async (row: CustomizationRow) => (await entitlementAndAlbum(row)).entitlement;

  /** The row as the API shows it, its ZIP flag read from what the plan and add-ons give (the download's own rule). */
  async function present(row: CustomizationRow) {
    const { entitlement, album } = await entitlementAndAlbum(row);
    return toCustomization(row, album, isFieldAllowed('enable_zip_download', entitlement));
  }

  const missingFields = (row: CustomizationRow): CustomizationField[] => {
    const current = toCustomization(row);
    return REQUIRED_CUSTOMIZATION_FIELDS.filter((field) => String(current[field] ?? '').trim() === '');
  };

  /** Saves the values; once the album exists, its upload window moves with the event's date and time zone. */
  const save = (row: CustomizationRow, values: CustomizationValues, fields: CustomizationField[]) =>
    repo.transaction(async (tx) => {
      const txRepo = createCustomizationsRepository(tx);
      const updated = await txRepo.updateCustomization(row.id, toColumns(values));
      const movesWindow = fields.includes('event_date') || fields.includes('time_zone');
      const needsAlbum = movesWindow || savedHooks.length > 0;
      const album = needsAlbum ? await txRepo.findAlbumOfCustomization(row.id) : undefined;
      if (album) for (const hook of savedHooks) await hook(tx, { albumId: album.id, before: row, after: updated });
      if (album && movesWindow && updated.eventDate) {
        const days = windowDaysOf(album.packageSnapshot.tier);
        const paidThrough = paidThroughOf(await txRepo.findOrder(row.orderId));
        const validUntil = uploadWindowEnd({
          days,
          eventDate: updated.eventDate,
          timeZone: updated.timeZone,
          paidThrough,
        });
        await txRepo.setValidUntil(album.id, validUntil);
      }
      return updated;
    });

  return {
    async start(userId: string, orderId: string | undefined) {
      if (!orderId) throw AppError.badRequest('Order ID is required', ErrorCode.ORDER_ID_REQUIRED);
      const order = UUID.test(orderId) ? await repo.findOrder(orderId) : undefined;
      if (!order || order.userId !== userId) throw AppError.notFound('Order not found');
      if (order.paymentStatus !== 'completed')
        throw AppError.badRequest('The order has not been paid', ErrorCode.ORDER_NOT_PAID);
      if (order.redeemed)
        throw AppError.conflict(
          'This order has already been used to create an album',
          ErrorCode.ORDER_ALREADY_REDEEMED,
        );
      if (!(await repo.findOrderEntitlement(order.id))) {
        throw AppError.conflict(
          'This order bought an add-on for an existing album, not a plan',
          ErrorCode.ORDER_ALREADY_REDEEMED,
        );
      }
      return present(await repo.insertCustomization(order.id, userId));
    },

    async get(id: string) {
      return present(await customizationById(id));
    },

    async listMine(userId: string) {
      const [rows, albums] = await Promise.all([repo.listCustomizationsOfUser(userId), repo.listAlbumsOfUser(userId)]);
      // A finished album's snapshot holds its add-ons; a draft asks its order, as `get` does.
      return Promise.all(
        rows.map((row) => {
          const album = albums.find((candidate) => candidate.customizationId === row.id);
          return album ? toCustomization(row, album, hostFeatures(album.packageSnapshot).zipDownload) : present(row);
        }),
      );
    },

    async permissions(id: string) {
      const row = await customizationById(id);
      const { entitlement, album } = await entitlementAndAlbum(row);
      const {
        id: _id,
        order_id: _o,
        status: _s,
        album_id: _a,
        access_code: _c,
        created_at: _cr,
        updated_at: _u,
        ...currentValues
      } = toCustomization(row, album, isFieldAllowed('enable_zip_download', entitlement));
      return { tier: entitlement.tier, ...describePermissions(entitlement), currentValues };
    },

    /** Saves the fields the plan allows and names the ones it does not. */
    async update(id: string, body: Record<string, unknown>) {
      const row = await customizationById(id);
      const fontNames = (await repo.listFonts()).map((font) => font.name);
      const values = normalizeCustomizationPayload(body, fontNames);
      const { entitlement, album } = await entitlementAndAlbum(row);
      const fields = Object.keys(values) as CustomizationField[];
      const rejectedFields = fields.filter((field) => !isFieldAllowed(field, entitlement));
      const savedFields = fields.filter((field) => isFieldAllowed(field, entitlement));
      const allowedValues = Object.fromEntries(savedFields.map((field) => [field, values[field]]));
      const updated = savedFields.length > 0 ? await save(row, allowedValues, savedFields) : row;
      return announce(album?.id, { customization: await present(updated), rejectedFields, savedFields });
    },

    async validate(id: string) {
      const missingRequiredFields = missingFields(await customizationById(id));
      return { canFinalize: missingRequiredFields.length === 0, missingRequiredFields };
    },

    /** Creates the album once: a repeated or concurrent call returns the same album. */
    async complete(id: string) {
      const row = await customizationById(id);
      const albumUrl = (albumId: string) => `${config.publicUrl}/album/${albumId}`;
      const existing = await repo.findAlbumOfCustomization(row.id);
      if (existing) return { albumId: existing.id, accessCode: existing.accessCode, albumUrl: albumUrl(existing.id) };
      const missing = missingFields(row);
      if (missing.length > 0) {
        throw AppError.badRequest(`Missing required fields: ${missing.join(', ')}`, ErrorCode.MISSING_REQUIRED_FIELDS);
      }
      const entitlement = await entitlementOf(row);
      const album = await repo.transaction(async (tx) => {
        const txRepo = createCustomizationsRepository(tx);
        const already = await txRepo.findAlbumOfCustomization(row.id);
        if (already) return already;
        const paidThrough = paidThroughOf(await txRepo.findOrder(row.orderId));
        const event = { createdAt: new Date(), eventDate: row.eventDate!, timeZone: row.timeZone, paidThrough };
        const packageSnapshot = buildPackageSnapshot(
          entitlement.tier,
          entitlement.billingType,
          entitlement.addons,
          event,
        );
        for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
          const created = await txRepo.insertAlbum({
            customizationId: row.id,
            orderId: row.orderId,
            userId: row.userId,
            accessCode: generateAccessCode(),
            packageSnapshot,
          });
          if (created) {
            await txRepo.markCompleted(row.id, row.orderId);
            return created;
          }
          const concurrent = await txRepo.findAlbumOfCustomization(row.id);
          if (concurrent) return concurrent;
        }
        throw new Error('Could not find a free access code');
      });
      return announce(album.id, { albumId: album.id, accessCode: album.accessCode, albumUrl: albumUrl(album.id) });
    },

    async listFonts() {
      return (await repo.listFonts()).map((font) => ({
        id: font.id,
        name: font.name,
        genericFamily: font.genericFamily,
      }));
    },
  };
}

export type CustomizationsService = ReturnType<typeof createCustomizationsService>;
