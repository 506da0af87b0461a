import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { albumPhotos, mediaJobs } from '../../src/db/schema/index.js';
import { createJobQueue, LeaseLostError, type ClaimedJob } from '../../src/platform/jobs/job-queue.js';
import { createJobWorker, type JobHandler } from '../../src/platform/jobs/job-worker.js';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let server: TestServer;
/** A second connection to the same database: on PostgreSQL its own pool, as another server's. */
let other: DatabaseHandle;
let photoIds: string[];

beforeAll(async () => {
  // No worker of the server's own: the tests' workers are the only ones.
  server = await startTestServer({ env: { MEDIA_WORKERS: '0' } });
  const { database } = server.app.services;
  other = database.postgresUrl ? await openDatabase({ databaseUrl: database.postgresUrl, pgliteDir: '' }) : database;
  const album = await completedAlbum(server, ['price_premium_lifetime']);
  const token = await joinAlbum(server, album);
  const uploaded = await uploadPhoto(server, album.albumId, token, await jpeg(1));
  const { id } = ((await uploaded.json()) as { data: { id: string } }).data;
  const [template] = await database.db.select().from(albumPhotos).where(eq(albumPhotos.id, id));
  // Rows for the jobs to point at: copies of a real photo row.
  const rows = Array.from({ length: 41 }, (_, index) => ({
    ...template!,
    id: randomUUID(),
    contentHash: `job-test-${index}`,
  }));
  await database.db.insert(albumPhotos).values(rows);
  photoIds = rows.map((row) => row.id);
});
afterAll(async () => {
  if (other !== server.app.services.database) await other.close();
  await server.close();
});

describe('the job queue', () => {
  it('never gives one job to two workers on two connections, and runs every job once', async () => {
    const main = server.app.services.database;
    const queues = [createJobQueue(main.db, { leaseMs: 10_000 }), createJobQueue(other.db, { leaseMs: 10_000 })];
    const jobs = photoIds.slice(0, 40);
    for (const photoId of jobs) await queues[0]!.enqueue(photoId, 'video-playback');
    const runs: { photoId: string; worker: number }[] = [];
    const inFlight = new Set<string>();
    const overlaps: string[] = [];
    const handler = (worker: number, queue: (typeof queues)[number]): JobHandler => ({
      kind: 'video-playback',
      maxAttempts: 3,
      isRetryable: () => true,
      giveUp: async () => undefined,
      async run(job) {
        if (inFlight.has(job.subjectId)) overlaps.push(job.subjectId);
        inFlight.add(job.subjectId);
        runs.push({ photoId: job.subjectId, worker });
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
        inFlight.delete(job.subjectId);
        await queue.complete(job, async () => undefined);
      },
    });
    const workers = queues.map((queue, index) =>
      createJobWorker({ queue, handlers: [handler(index, queue)], concurrency: 3, pollMs: 20, logger: silent }),
    );
    workers.forEach((worker) => worker.start());
    const deadline = Date.now() + 30_000;
    while (runs.length < jobs.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Time for a second run of any job to show itself.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(workers.map((worker) => worker.stop()));

    expect(overlaps).toEqual([]);
    expect(runs.map((run) => run.photoId).sort()).toEqual([...jobs].sort());
    // Both took part: the test would prove nothing if one worker had drained the queue alone.
    expect(new Set(runs.map((run) => run.worker)).size).toBe(2);
    const states = await main.db.select({ state: mediaJobs.state }).from(mediaJobs);
    expect(states.every((row) => row.state === 'done')).toBe(true);
  });

  it('lets another worker take over a job whose heartbeat lapsed, and the first can no longer finish it', async () => {
    const queueA = createJobQueue(server.app.services.database.db, { leaseMs: 300 });
    const queueB = createJobQueue(other.db, { leaseMs: 300 });
    const photoId = photoIds[40]!;
    await queueA.enqueue(photoId, 'video-playback');
    const stuck = (await queueA.claim(['video-playback'], 'worker-a')) as ClaimedJob;
    expect(stuck).toMatchObject({ subjectId: photoId, attempts: 1 });
    // While the lease holds, nobody else gets it.
    expect(await queueB.claim(['video-playback'], 'worker-b')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const taken = (await queueB.claim(['video-playback'], 'worker-b')) as ClaimedJob;
    expect(taken).toMatchObject({ id: stuck.id, attempts: 2 });
    expect(await queueA.heartbeat(stuck)).toBe(false);
    await expect(queueA.complete(stuck, async () => undefined)).rejects.toBeInstanceOf(LeaseLostError);
    await queueB.complete(taken, async () => undefined);
    const [row] = await other.db.select().from(mediaJobs).where(eq(mediaJobs.id, taken.id));
    expect(row).toMatchObject({ state: 'done', attempts: 2, leasedBy: 'worker-b' });
  });
});
