import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The face model's name as stored with every descriptor: a row made by another model cannot be compared. */
export const FACE_MODEL = 'human-3.3.6/faceres';
/** Values in a FaceRes descriptor. */
export const DESCRIPTOR_LENGTH = 1024;

/** Where the engine thread loads its code, models and WebAssembly from: all inside node_modules. */
export interface FaceModelFiles {
  /** Human's Node build for the tfjs WebAssembly backend. */
  humanScript: string;
  /** Folder of blazeface, facemesh and faceres (`.json` + `.bin`). */
  modelDir: string;
  /** Folder of the tfjs backend's `.wasm` files, with a trailing slash as tfjs wants. */
  wasmDir: string;
}

const MODELS = ['blazeface', 'facemesh', 'faceres'].flatMap((name) => [`${name}.json`, `${name}.bin`]);
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

export type FaceModelsFound = { available: true; files: FaceModelFiles } | { available: false; reason: string };

/**
 * Looks for everything the engine needs without loading any of it: a stripped install (no
 * models, no wasm) makes "Find me" report itself unavailable instead of failing at the first photo.
 * Human's exports map names its Node builds without `./`, so the WASM build cannot be required by
 * name: it is found beside the package's main Node entry. `modelDir` replaces the package's models
 * folder (FACE_MODELS_DIR: models kept elsewhere, or none).
 */
export function findFaceModels(modelDir?: string): FaceModelsFound {
  const require = createRequire(import.meta.url);
  try {
    const humanDist = path.dirname(require.resolve('@vladmandic/human'));
    const files: FaceModelFiles = {
      humanScript: path.join(humanDist, 'human.node-wasm.js'),
      modelDir: modelDir ?? path.join(humanDist, '..', 'models'),
      wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + path.sep,
    };
    const needed = [
      files.humanScript,
      ...MODELS.map((name) => path.join(files.modelDir, name)),
      ...WASM.map((name) => path.join(files.wasmDir, name)),
    ];
    const missing = needed.filter((file) => !fs.existsSync(file));
    if (missing.length > 0) return { available: false, reason: `missing ${missing.join(', ')}` };
    return { available: true, files };
  } catch (error) {
    return { available: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
