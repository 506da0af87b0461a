// The server's import boundaries, enforced by `npm run lint` (ARCHITECTURE.md, rules 1 and 12):
// - a module (src/modules/<name>) is reached from outside only through its index.ts;
// - platform/ (infrastructure) and db/ never import a module, nor the app that composes them;
// - modules never import the app (app.ts, features.ts, main.ts);
// - no import cycles (type imports counted too, by scripts/check-import-cycles.mjs in the same lint step).
// API tests under test/ build fixtures from modules' internals and stay outside these rules.
import path from 'node:path';
import { importBoundaries } from '../../scripts/eslint/import-boundaries.js';

const module = { element: { type: 'server-module' } };
const moduleEntry = { element: { type: 'server-module', fileInternalPath: 'index.ts' } };
const platform = { element: { type: 'server-platform' } };
const db = { element: { type: 'server-db' } };
// config.ts sits with the app at the top of src/, and every layer may read it.
const config = { element: { type: 'server-app', fileInternalPath: 'config.ts' } };
const app = { element: { type: 'server-app' } };

const boundaryMessage =
  'Server import boundaries: another module only through its index.ts (`../<name>/index.js`); ' +
  'platform/ and db/ never import modules/ or the app; modules never import app.ts, features.ts or main.ts.';

export const serverBoundaries = [
  importBoundaries({
    files: ['apps/server/src/**/*.ts'],
    tsconfig: path.join(import.meta.dirname, 'tsconfig.json'),
    extensions: ['.ts'],
    elements: [
      { type: 'server-module', pattern: 'apps/server/src/modules/*', partialMatch: false, capture: ['module'] },
      { type: 'server-platform', pattern: 'apps/server/src/platform', partialMatch: false },
      { type: 'server-db', pattern: 'apps/server/src/db', partialMatch: false },
      // The rest of src/ (app.ts, features.ts, main.ts, config.ts, scripts/) composes the modules.
      { type: 'server-app', pattern: 'apps/server/src', partialMatch: false },
    ],
    policies: [
      { from: app, allow: { to: [moduleEntry, platform, db, config, app] } },
      { from: module, allow: { to: [moduleEntry, platform, db, config] } },
      { from: platform, allow: { to: [platform, db, config] } },
      { from: db, allow: { to: [db, config] } },
    ],
    message: boundaryMessage,
  }),
];
