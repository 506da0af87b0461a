import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries as `npm run lint` enforces them (apps/web/eslint-boundaries.js and
// apps/server/eslint-boundaries.js): each case lints a few lines with the project's own
// eslint.config.js, as if they were saved at a path in the app (nothing is written; the imported
// files are the real ones).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
const TIMEOUT_MS = 60_000;

async function problems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId);
}

describe("the web app's import boundaries", () => {
  const checkoutFile = 'apps/web/src/features/checkout/components/boundary-probe.tsx';

  it(
    "refuse a feature reaching into another feature's internals, by alias or by relative path",
    async () => {
      const byAlias = "import { useAuth } from '@/features/auth/hooks/use-auth';\nexport const probe = useAuth;\n";
      const byPath = "import { useAuth } from '../../auth/hooks/use-auth';\nexport const probe = useAuth;\n";
      expect(await problems(checkoutFile, byAlias)).toContain('boundaries/dependencies');
      expect(await problems(checkoutFile, byPath)).toContain('boundaries/dependencies');
    },
    TIMEOUT_MS,
  );

  it(
    "let a feature use another through that feature's index.ts",
    async () => {
      const code = "import { useAuth } from '@/features/auth';\nexport const probe = useAuth;\n";
      expect(await problems(checkoutFile, code)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'refuse shared code importing a feature, even through its index.ts, or the app',
    async () => {
      const feature = "import { useAuth } from '@/features/auth';\nexport const probe = useAuth;\n";
      const app = "import { createRoutes } from '@/app/routes';\nexport const probe = createRoutes;\n";
      expect(await problems('apps/web/src/lib/boundary-probe.ts', feature)).toContain('boundaries/dependencies');
      expect(await problems('apps/web/src/components/ui/boundary-probe.tsx', app)).toContain('boundaries/dependencies');
    },
    TIMEOUT_MS,
  );

  it(
    'refuse an import cycle',
    async () => {
      // The checkout's plan step imports its step paths (lib/steps.ts): steps importing the step closes a loop.
      const code = [
        "import { PlanStep } from '@/features/checkout/components/plan-step';",
        'export const probe = PlanStep;',
        '',
      ].join('\n');
      expect(await problems('apps/web/src/features/checkout/lib/steps.ts', code)).toContain('import-x/no-cycle');
    },
    TIMEOUT_MS,
  );

  it(
    'refuse an API call typed by hand instead of by the contract',
    async () => {
      const code = [
        "import type { ZDownloadLinkResponse } from '@momentos/contract';",
        "import type { z } from 'zod';",
        "import { apiRequest } from '@/lib/api-client';",
        "export const byHand = () => apiRequest<{ data: { url: string } }>('/api/x');",
        "export const untyped = () => apiRequest('/api/x');",
        "export const byContract = () => apiRequest<z.infer<typeof ZDownloadLinkResponse>>('/api/x');",
        '',
      ].join('\n');
      const filePath = 'apps/web/src/features/checkout/api/boundary-probe.ts';
      const [result] = await eslint.lintText(code, { filePath });
      const refused = result.messages.filter((message) => message.ruleId === 'no-restricted-syntax');
      const refusedLines = refused.map((message) => message.line);
      expect(refusedLines).toEqual([4, 5]);
    },
    TIMEOUT_MS,
  );

  it(
    "let the service worker import shared code and the upload queue's background.ts, and nothing else of the app",
    async () => {
      const workerFile = 'apps/web/src/service-worker/boundary-probe.ts';
      const probe = (from) => `import { probed } from '${from}';\nexport const probe = probed;\n`;
      expect(await problems(workerFile, probe('../features/guest-upload/background'))).toEqual([]);
      expect(await problems(workerFile, probe('@/lib/service-worker-messages'))).toEqual([]);
      for (const refused of [
        '../features/guest-upload/queue/queue-store',
        '@/features/guest-upload',
        '@/features/checkout',
        '@/app/routes',
      ])
        expect(await problems(workerFile, probe(refused)), refused).toContain('boundaries/dependencies');
      // Nor does the page reach into the worker.
      expect(await problems('apps/web/src/lib/boundary-probe.ts', probe('@/service-worker/routes'))).toContain(
        'boundaries/dependencies',
      );
    },
    TIMEOUT_MS,
  );
});

describe("the server's import boundaries", () => {
  const guestsFile = 'apps/server/src/modules/guests/boundary-probe.ts';

  it(
    "refuse a module reaching into another module's internals, and let it through the index",
    async () => {
      const probe = (from, name) => `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;
      const internals = [
        ['../album-photos/album-photos.repository.js', 'createAlbumPhotosRepository'],
        ['../uploads/photo-upload.service.js', 'createPhotoUploadService'],
        ['../host-photos/host-route-schemas.js', 'errors'],
        ['../archive/zip-layout-cache.js', 'createZipLayoutCache'],
        ['../albums/album-code-gate.js', 'createAlbumCodeGate'],
        ['../media-jobs/video-playback.service.js', 'createVideoPlayback'],
        ['../guestbook/guestbook.module.js', 'guestbookModule'],
      ];
      for (const [from, name] of internals)
        expect(await problems(guestsFile, probe(from, name)), from).toContain('boundaries/dependencies');
      for (const [from, name] of [
        ['../album-photos/index.js', 'newestShotFirst'],
        ['../uploads/index.js', 'uploadsOf'],
        ['../host-photos/index.js', 'hostRouteSchemas'],
        ['../archive/index.js', 'archiveModule'],
        ['../albums/index.js', 'albumsModule'],
        ['../media-jobs/index.js', 'mediaJobsOf'],
      ])
        expect(await problems(guestsFile, probe(from, name)), from).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'refuse platform code importing a module, and a module importing the app that composes it',
    async () => {
      const platform =
        "import { uploadsModule } from '../../modules/uploads/index.js';\nexport const probe = uploadsModule;\n";
      const app = "import { registerFeatures } from '../../features.js';\nexport const probe = registerFeatures;\n";
      expect(await problems('apps/server/src/platform/http/boundary-probe.ts', platform)).toContain(
        'boundaries/dependencies',
      );
      expect(await problems(guestsFile, app)).toContain('boundaries/dependencies');
    },
    TIMEOUT_MS,
  );
});
