// The face engine's worker thread: Human (BlazeFace, FaceMesh, FaceRes) on tfjs' WebAssembly
// backend. Inference is synchronous WebAssembly that would hold the server's event loop for
// hundreds of milliseconds a photo, so it runs here, one image at a time (face-engine.ts queues).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config, Human as HumanClass } from '@vladmandic/human';
import type { FaceModelFiles } from './face-models.js';
import type { EngineReply, EngineRequest } from './face-protocol.js';

const files = workerData as FaceModelFiles;
const port = parentPort!;

/**
 * Nothing may be downloaded: Human fetches its models by URL and Node's fetch cannot read file://,
 * so this thread's fetch serves file:// from disk and refuses every other address.
 */
globalThis.fetch = async (input: string | URL | Request) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.startsWith('file://')) throw new Error(`the face engine fetches nothing from the network (${url})`);
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  return new Response(body, { status: 200, headers: { 'content-type': type } });
};

/** Human is built for video; for stills every frame is new: no caching, skipping or smoothing. */
const config: Partial<Config> = {
  backend: 'wasm',
  wasmPath: files.wasmDir,
  modelBasePath: pathToFileURL(files.modelDir).href + '/',
  debug: false,
  async: true,
  warmup: 'none',
  cacheModels: false,
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false } as Config['filter'],
  gesture: { enabled: false },
  body: { enabled: false } as Config['body'],
  hand: { enabled: false } as Config['hand'],
  object: { enabled: false } as Config['object'],
  segmentation: { enabled: false } as Config['segmentation'],
  face: {
    enabled: true,
    // 0.15 with FaceMesh as the verifier found the most faces without false ones (docs/research/find-me.md).
    detector: {
      modelPath: 'blazeface.json',
      rotation: true,
      maxDetected: 20,
      minConfidence: 0.15,
      iouThreshold: 0.1,
      skipFrames: 0,
      skipTime: 0,
      return: false,
    },
    mesh: { enabled: true, modelPath: 'facemesh.json' },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    description: { enabled: true, modelPath: 'faceres.json', skipFrames: 0, skipTime: 0, minConfidence: 0.1 },
  } as Config['face'],
};

async function start() {
  const require = createRequire(import.meta.url);
  const { Human } = require(files.humanScript) as { Human: typeof HumanClass };
  const human = new Human(config);
  await human.init();
  await human.load();
  return human;
}

async function describe(human: HumanClass, request: EngineRequest): Promise<EngineReply> {
  const { id, width, height, pixels } = request;
  const tensor = human.tf.tensor4d(Int32Array.from(new Uint8Array(pixels)), [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    const faces = result.face
      .filter((face) => face.embedding && face.embedding.length > 0)
      .map((face) => {
        const [x, y, w, h] = face.box;
        return {
          box: [x / width, y / height, w / width, h / height] as [number, number, number, number],
          score: face.boxScore ?? face.score,
          descriptor: Float32Array.from(face.embedding!),
        };
      });
    return { id, faces };
  } finally {
    human.tf.dispose(tensor);
  }
}

start().then(
  (human) => {
    port.on('message', (request: EngineRequest) => {
      describe(human, request).then(
        (reply) =>
          port.postMessage(
            reply,
            reply.faces?.map((face) => face.descriptor.buffer as ArrayBuffer),
          ),
        (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies EngineReply),
      );
    });
    port.postMessage({ ready: true, version: human.version });
  },
  (error: unknown) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
);
