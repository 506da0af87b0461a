import type { Database } from '../../db/client.js';
import { initialForms, trackingEvents } from '../../db/schema/index.js';

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;
export type NewInitialForm = typeof initialForms.$inferInsert;

export function createTrackingRepository(db: Database) {
  return {
    /** Stores events in one statement; an event_id already stored is skipped, not an error. */
    async insertEvents(events: NewTrackingEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const rows = await db
        .insert(trackingEvents)
        .values(events)
        .onConflictDoNothing({ target: trackingEvents.eventId })
        .returning({ id: trackingEvents.id });
      return rows.length;
    },
    async insertInitialForm(form: NewInitialForm): Promise<void> {
      await db.insert(initialForms).values(form);
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
