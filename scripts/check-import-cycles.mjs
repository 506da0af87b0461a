#!/usr/bin/env node
// Import cycles, type imports counted: part of `npm run lint`. ESLint's import-x/no-cycle skips
// `import type`, and has no option not to, so a loop made of types (access → albums → access)
// passed it; modules that know each other only by type still cannot be read, tested or moved one
// at a time. Each project is read through its own tsconfig, with TypeScript's own module
// resolution, so path aliases and `.js` specifiers of `.ts` files resolve as the compiler sees them.
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['packages/contract', 'apps/server', 'apps/web', 'apps/web/src/service-worker', 'e2e', 'bench'];

/** Every import, export-from, `import()` and `import type` of each of the project's own files. */
export function importGraph(tsconfigPath) {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath));
  const files = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const { resolvedModule } = ts.resolveModuleName(fileName, file, parsed.options, ts.sys);
      if (!resolvedModule || resolvedModule.isExternalLibraryImport) continue;
      const target = path.resolve(resolvedModule.resolvedFileName);
      if (files.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The cycles of a graph, one per strongly connected group of files: its files, and one closed path
 * through them to show where it loops.
 */
export function findCycles(graph) {
  // Tarjan's algorithm, iterative, so a long import chain cannot overflow the stack.
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      if (group.length > 1) groups.push(group);
    }
  }
  return groups.map((group) => ({ files: group.sort(), path: closedPath(graph, new Set(group)) }));
}

/** A shortest way round a group: from its first file (by name) back to it, inside the group. */
function closedPath(graph, group) {
  const [first] = [...group].sort();
  const cameFrom = new Map([[first, undefined]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === first) {
        const way = [node];
        while (cameFrom.get(way[0]) !== undefined) way.unshift(cameFrom.get(way[0]));
        return [...way, first];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [first, first];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let fileCount = 0;
  const cycles = [];
  for (const project of PROJECTS) {
    const graph = importGraph(path.join(root, project, 'tsconfig.json'));
    fileCount += graph.size;
    cycles.push(...findCycles(graph));
  }
  const relative = (file) => path.relative(root, file);
  if (cycles.length === 0) {
    console.log(`No import cycles among ${fileCount} files (type imports counted).`);
  } else {
    console.error(`${cycles.length} import cycle(s), type imports counted:`);
    for (const cycle of cycles) {
      console.error(
        `  ${cycle.files.length} files import each other, e.g. ${cycle.path.map(relative).join('\n    → ')}`,
      );
    }
    process.exitCode = 1;
  }
}
