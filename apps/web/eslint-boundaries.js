// The web app's import boundaries, enforced by `npm run lint` (ARCHITECTURE.md, rules 1 and 12):
// - a feature (src/features/<name>) is reached from outside only through its index.ts;
// - shared code (src/components, src/lib, src/test) never imports a feature or the app;
// - features never import the app (src/app), which composes them;
// - the service worker (src/service-worker) imports shared code and, of the features, only the
//   guest upload queue's background.ts (its drain), so no screen or translation reaches its bundle;
// - no import cycles.
// Every API call is typed by the contract's response schemas, never by a type written on the spot.
import path from 'node:path';
import { importBoundaries } from '../../scripts/eslint/import-boundaries.js';

const feature = { element: { type: 'web-feature' } };
const featureEntry = { element: { type: 'web-feature', fileInternalPath: 'index.ts' } };
const shared = { element: { type: 'web-shared' } };
const app = { element: { type: 'web-app' } };
const serviceWorker = { element: { type: 'web-service-worker' } };
const uploadQueueDrain = {
  element: { type: 'web-feature', captured: { feature: 'guest-upload' }, fileInternalPath: 'background.ts' },
};

const boundaryMessage =
  'Web import boundaries: another feature only through its index.ts (`@/features/<name>`); ' +
  'src/components and src/lib never import src/features or src/app; features never import src/app; ' +
  'src/service-worker imports only shared code and src/features/guest-upload/background.ts.';

const untypedApiCall =
  "Type the call with the contract's response: z.infer<typeof Z…Response>, or its type from @momentos/contract.";

export const webBoundaries = [
  importBoundaries({
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // The `@/…` alias comes from the web tsconfig.
    tsconfig: path.join(import.meta.dirname, 'tsconfig.json'),
    extensions: ['.ts', '.tsx'],
    elements: [
      { type: 'web-feature', pattern: 'apps/web/src/features/*', partialMatch: false, capture: ['feature'] },
      { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
      { type: 'web-service-worker', pattern: 'apps/web/src/service-worker', partialMatch: false },
      {
        type: 'web-shared',
        pattern: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/test'],
        partialMatch: false,
      },
    ],
    policies: [
      { from: app, allow: { to: [shared, featureEntry] } },
      { from: feature, allow: { to: [shared, featureEntry] } },
      { from: shared, allow: { to: shared } },
      { from: serviceWorker, allow: { to: [shared, uploadQueueDrain] } },
    ],
    message: boundaryMessage,
  }),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='apiRequest']:not([typeArguments])", message: untypedApiCall },
        {
          selector:
            "CallExpression[callee.name='apiRequest'] > TSTypeParameterInstantiation" +
            ' > :matches(TSTypeLiteral, TSUnknownKeyword, TSAnyKeyword)',
          message: untypedApiCall,
        },
      ],
    },
  },
];
