import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './check-import-cycles.mjs';

const dirs = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A project on disk: a tsconfig like the apps' (bundler resolution, `.js` specifiers of `.ts` files). */
function project(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  dirs.push(dir);
  const tsconfig = {
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true },
    include: ['src'],
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'src', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', name), text);
  }
  const names = (cycle) => cycle.path.map((file) => path.relative(path.join(dir, 'src'), file));
  return findCycles(importGraph(path.join(dir, 'tsconfig.json'))).map(names);
}

describe('the import cycle check', () => {
  it('counts a loop made only of type imports, through a module index', () => {
    const cycles = project({
      'access/index.ts': "export { policy } from './policy.js';\n",
      'access/policy.ts':
        "import type { Album } from '../albums/index.js';\nexport const policy = (album: Album) => album;\n",
      'albums/index.ts': "export type { Album } from './album.js';\nexport { route } from './route.js';\n",
      'albums/album.ts': 'export interface Album { id: string }\n',
      'albums/route.ts': "import { policy } from '../access/index.js';\nexport const route = policy;\n",
    });
    expect(cycles).toEqual([
      ['access/index.ts', 'access/policy.ts', 'albums/index.ts', 'albums/route.ts', 'access/index.ts'],
    ]);
  });

  it('finds none where imports go one way, and ignores packages', () => {
    const cycles = project({
      'a.ts': "import type { B } from './b.js';\nimport { z } from 'zod';\nexport type A = B & { z: typeof z };\n",
      'b.ts': "export type { C } from './c.js';\nexport interface B { b: true }\n",
      'c.ts': 'export type C = string;\n',
    });
    expect(cycles).toEqual([]);
  });
});
