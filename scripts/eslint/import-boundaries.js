// One ESLint block that enforces an app's import boundaries: eslint-plugin-boundaries for which
// element may import which (`policies`, everything else refused with `message`) and
// import-x/no-cycle, both resolving imports through the app's tsconfig (paths, `.js` → `.ts`).
// apps/server/eslint-boundaries.js and apps/web/eslint-boundaries.js say what their elements are.
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function importBoundaries({ files, tsconfig, extensions, elements, policies, message }) {
  return {
    files,
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/root-path': repoRoot,
      'boundaries/elements': elements,
      'import/resolver': { typescript: { project: tsconfig } },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfig })],
      // Without these import-x reads only .js files, and would find no cycle among .ts/.tsx.
      'import-x/extensions': [...extensions, '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': extensions },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', message, policies }],
      'import-x/no-cycle': 'error',
    },
  };
}
