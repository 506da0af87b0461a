import fsp from 'node:fs/promises';
import { applyPlan, type Plan } from './metadata-plan.js';
import { framesOnly, stripOgg } from './strip-audio-metadata.js';
import { planIso } from './strip-iso-metadata.js';
import { planMatroska } from './strip-matroska-metadata.js';
import { openWindowed } from './video-structure.js';

/** The containers a guest copy is made of: MP4/QuickTime/M4A, WebM/Matroska, Ogg, MP3 and raw AAC. */
export type StrippableContainer = 'iso' | 'matroska' | 'ogg' | 'mp3' | 'adts';

const CONTAINER_OF_MIME: Readonly<Record<string, StrippableContainer>> = {
  'video/mp4': 'iso',
  'video/quicktime': 'iso',
  'audio/mp4': 'iso',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/aac': 'adts',
};
export const strippableContainer = (mime: string): StrippableContainer | undefined => CONTAINER_OF_MIME[mime];

/**
 * Writes at `output` the file at `input` without its location and device metadata (PRODUCT.md,
 * "Trust"): what guests are served of an original. No ffmpeg is needed and no sample is decoded or
 * moved: metadata is blanked in place, so a 200 MB clip costs one copy. Answers false when the file
 * cannot be walked (nothing is written then), so the caller never serves what it could not clean.
 */
export async function writeWithoutMetadata(
  input: string,
  output: string,
  container: StrippableContainer,
): Promise<boolean> {
  if (container === 'ogg' || container === 'mp3' || container === 'adts') {
    // Voice notes, a few MB at most (checked before they are stored).
    const bytes = await fsp.readFile(input);
    if (container === 'ogg') {
      const stripped = stripOgg(bytes);
      if (stripped) await fsp.writeFile(output, stripped);
      return stripped !== undefined;
    }
    const frames = framesOnly(bytes, container);
    if (frames) await fsp.writeFile(output, bytes.subarray(frames.from, frames.to));
    return frames !== undefined;
  }
  const reader = await openWindowed(input);
  let plan: Plan | undefined;
  try {
    plan = container === 'iso' ? await planIso(reader) : await planMatroska(reader);
  } catch {
    plan = undefined;
  } finally {
    await reader.close();
  }
  if (plan) await applyPlan(input, output, plan);
  return plan !== undefined;
}
