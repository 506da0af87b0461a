import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playbackArgs } from '../apps/server/src/platform/media/video-transcode.js';
import { finishedAlbum, joinAsGuest, uploadAsGuest } from '../e2e/support/album-fixture.js';
import { startProductServer } from '../e2e/support/product-server.js';

const CLIPS = Number(process.env.TRANSCODE_CLIPS ?? 10);
const SECONDS = 15;
/** Premium: the copies are 1080p, the most work a copy can be. */
const SHORT_SIDE = 1080;
const clipsDir = path.join(os.tmpdir(), `momentos-bench-hevc-${SECONDS}s`);

/**
 * 1080p HEVC clips of 15 s in QuickTime, as an iPhone records them, from ffmpeg's test sources
 * through libx265: each its own pattern and tint, so each has its own hash. Kept in the temporary
 * directory between runs (making them takes longer than the benchmark).
 */
function makeClips(): string[] {
  fs.mkdirSync(clipsDir, { recursive: true });
  return Array.from({ length: CLIPS }, (_, index) => {
    const file = path.join(clipsDir, `clip-${index}.mov`);
    if (fs.existsSync(file)) return file;
    const sources = ['testsrc2', 'mandelbrot', 'life=mold=10:ratio=0.5:death_color=#C83232', 'cellauto=rule=110'];
    const source = sources[index % sources.length]!;
    const input = `${source}${source.includes('=') ? ':' : '='}size=1920x1080:rate=30`;
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-t', String(SECONDS), '-i', input],
      ...['-f', 'lavfi', '-i', `sine=frequency=${220 + index * 40}:duration=${SECONDS}`],
      ...['-vf', `hue=h=${index * 36},noise=alls=8:allf=t`, '-shortest'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
      ...['-c:a', 'aac', `${file}.partial.mov`],
    ]);
    fs.renameSync(`${file}.partial.mov`, file);
    return file;
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

const residentMb = (pid: number) => {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0; // The process ended between the listing and the read.
  }
};

/** The ffmpeg processes a server with this data directory runs for playback copies. */
const transcodesOf = (dataDir: string) =>
  fs.readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return command.includes(dataDir) && command.includes('playback-');
    } catch {
      return false;
    }
  });

/**
 * Ten 15 s 1080p HEVC clips made playable through the product's job queue (uploaded by a guest,
 * copied by the server's in-process worker, from the first upload to the last copy ready) against
 * the same ffmpeg command run directly on the same files, one after the other, in the same run.
 */
export const transcodeBenchmark = {
  name: 'transcode: HEVC clips through the job queue vs the same ffmpeg command run directly',
  async run() {
    console.log(`making ${CLIPS} HEVC clips of ${SECONDS} s at 1080p in ${clipsDir} (kept between runs)…`);
    const clips = makeClips();
    const totalMb = clips.reduce((sum, file) => sum + fs.statSync(file).size, 0) / 1024 / 1024;
    console.log(`clips: ${totalMb.toFixed(1)} MB in all; ${os.availableParallelism()} cores`);

    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-bench-copies-'));
    const directStart = process.hrtime.bigint();
    for (const [index, clip] of clips.entries()) {
      await run('ffmpeg', playbackArgs(clip, path.join(outDir, `copy-${index}.mp4`), SHORT_SIDE));
    }
    const directSeconds = Number(process.hrtime.bigint() - directStart) / 1e9;
    fs.rmSync(outDir, { recursive: true, force: true });

    const server = await startProductServer({ WEB_DIST_DIR: '', LOG_LEVEL: 'warn', NOTICES_DIGEST_SWEEP_MS: '0' });
    try {
      const album = await finishedAlbum(server.url, 'premium');
      const token = await joinAsGuest(album);
      const restingMb = residentMb(server.pid);
      let serverPeak = restingMb;
      let ffmpegPeak = 0;
      const watch = setInterval(() => {
        serverPeak = Math.max(serverPeak, residentMb(server.pid));
        const children = transcodesOf(server.dataDir).reduce((sum, pid) => sum + residentMb(Number(pid)), 0);
        ffmpegPeak = Math.max(ffmpegPeak, children);
      }, 100);
      const queueStart = process.hrtime.bigint();
      for (const clip of clips) await uploadAsGuest(album, token, fs.readFileSync(clip), path.basename(clip));
      const uploadedSeconds = Number(process.hrtime.bigint() - queueStart) / 1e9;
      let states: string[] = [];
      for (;;) {
        const response = await fetch(`${server.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
          headers: { 'x-guest-token': token },
        });
        const { data } = (await response.json()) as { data: { items: { playback: { state: string } | null }[] } };
        states = data.items.map((item) => item.playback?.state ?? 'none');
        if (states.length === CLIPS && states.every((state) => state !== 'processing')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const queueSeconds = Number(process.hrtime.bigint() - queueStart) / 1e9;
      clearInterval(watch);
      const ready = states.filter((state) => state === 'ready').length;
      console.log(
        `direct ffmpeg, one after the other: ${directSeconds.toFixed(1)} s (${(directSeconds / CLIPS).toFixed(1)} s a clip)`,
      );
      console.log(
        `through the job queue: ${queueSeconds.toFixed(1)} s from the first upload to the last copy ready` +
          ` (uploads answered within ${uploadedSeconds.toFixed(1)} s); ${ready}/${CLIPS} ready`,
      );
      console.log(`ratio (direct ÷ queue, target ≥ 0.9): ${(directSeconds / queueSeconds).toFixed(2)}`);
      console.log(
        `server RSS: ${restingMb.toFixed(0)} MB before, ${serverPeak.toFixed(0)} MB at most while its worker transcoded;` +
          ` ffmpeg itself at most ${ffmpegPeak.toFixed(0)} MB`,
      );
      if (ready !== CLIPS) throw new Error(`only ${ready} of ${CLIPS} copies were made`);
    } finally {
      await server.stop();
    }
  },
};
