import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

// How a video or audio file loses its metadata without a sample moving (strip-metadata.ts): the
// container's walk (strip-iso-metadata.ts, strip-matroska-metadata.ts) writes a plan, applied here in one copy.

/**
 * What becomes of the input: the bytes in [from, to) are kept, then each range in `zero` is
 * overwritten with zeros and each `write` put in place (offsets are the input's).
 */
export interface Plan {
  from: number;
  to: number;
  zero: { start: number; end: number }[];
  writes: { at: number; bytes: Buffer }[];
}

/** Copies [from, to) of `input` to `output`, then blanks and writes in place what the plan says. */
export async function applyPlan(input: string, output: string, plan: Plan) {
  await pipeline(fs.createReadStream(input, { start: plan.from, end: plan.to - 1 }), fs.createWriteStream(output));
  const handle = await fsp.open(output, 'r+');
  try {
    const zeros = Buffer.alloc(64 * 1024);
    for (const { start, end } of plan.zero) {
      for (let at = Math.max(start, plan.from); at < Math.min(end, plan.to); at += zeros.length) {
        await handle.write(zeros, 0, Math.min(zeros.length, Math.min(end, plan.to) - at), at - plan.from);
      }
    }
    for (const { at, bytes } of plan.writes) await handle.write(bytes, 0, bytes.length, at - plan.from);
  } finally {
    await handle.close();
  }
}
