#!/usr/bin/env node
// `npm test`: every check, in order. Each step runs even if an earlier one failed, so one run
// shows everything that is wrong; the exit code is non-zero if any step failed or could not run.
// The summary at the end gives each step's time and the whole run's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(root, '.test-output');
fs.rmSync(outputDir, { recursive: true, force: true });
fs.mkdirSync(outputDir, { recursive: true });
// Every server the tests start logs into runDir/logs and the fixtures record the secrets they used
// in runDir/secrets; the last step greps the one for the other (scripts/check-run-logs.mjs). Made
// fresh here, so a log or secret of an earlier run can neither hide nor fake a result.
const runDir = path.join(root, '.test-run');
fs.rmSync(runDir, { recursive: true, force: true });
fs.mkdirSync(path.join(runDir, 'logs'), { recursive: true });
fs.mkdirSync(path.join(runDir, 'secrets'), { recursive: true });

const vitest = (name, projects, env = {}, options = []) => ({
  name,
  env,
  report: path.join(outputDir, `${name.replace(/\W+/g, '-')}.json`),
  command: [
    'npx',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(outputDir, `${name.replace(/\W+/g, '-')}.json`)}`,
  ],
});

// How many files run at once (vitest's default is one fewer than the cores: 1 here). The API files
// mostly wait (for server processes, sockets, timers, PostgreSQL), so one more worker than cores:
// on 2 cores a 21-file sample took 152 s with 1 worker, 87 s with 2, 68 s with 3 and 69 s with 4.
// Journeys wait on the browser and the server: 12 files took 344 s one at a time, 211 s two at a
// time. The unit and web files compute, and 3 workers made them slower (195 s to 222 s) and two
// files failed on their deadlines, so they keep the default.
const workers = (count) => [`--maxWorkers=${count}`, '--minWorkers=1'];
const api = (name, database) => vitest(name, ['api'], { TEST_DB: database }, workers(os.availableParallelism() + 1));

// A list is run side by side: the static checks and the build are one process each, so on 2 cores
// they take about as long as the two longest instead of their sum.
const steps = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
    { name: 'build the web app and the server', command: ['npm', 'run', '--silent', 'build'] },
  ],
  vitest('unit tests', ['unit', 'web']),
  api('API tests on PGlite', 'pglite'),
  api('API tests on PostgreSQL', 'postgres'),
  { name: 'the built server answers with plain node', command: ['node', 'scripts/check-built-server.mjs'] },
  vitest('browser journeys', ['e2e'], {}, workers(2)),
  { name: "no secrets in the run's logs", command: ['node', 'scripts/check-run-logs.mjs', runDir] },
];

const runStarted = Date.now();
const results = [];
for (const step of steps) {
  if (!Array.isArray(step)) {
    console.log(`\n━━ ${step.name} ━━`);
    results.push(await run(step, 'inherit'));
    continue;
  }
  // Side by side, each step's output is held and printed whole when it ends, not interleaved.
  console.log(`\n━━ ${step.map(({ name }) => name).join(', ')} (side by side) ━━`);
  const started = Date.now();
  const together = await Promise.all(
    step.map(async (member) => {
      const result = await run(member, 'pipe');
      console.log(`\n━━ ${member.name} ━━\n${result.output.trimEnd()}`);
      return result;
    }),
  );
  const groupSeconds = (Date.now() - started) / 1000;
  results.push(...together.map((result) => ({ ...result, sideBySide: groupSeconds })));
}

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
for (const result of results) {
  const countText = result.counts ? ` (${result.counts.passed} passed, ${result.counts.failed} failed)` : '';
  const together = result.sideBySide ? `  (side by side: ${result.sideBySide.toFixed(1)} s together)` : '';
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name}${countText}  ${result.seconds.toFixed(1)} s${together}`);
  passed += result.counts?.passed ?? 0;
  failed += result.counts?.failed ?? 0;
  if (!result.ok && !result.counts?.failed) failed += 1;
  // CI shows only the end of the output: name each failed test here, with the first line of its error.
  for (const failure of result.counts?.failures ?? []) console.log(`      ✗ ${failure}`);
}
console.log(`Total: ${passed} passed, ${failed} failed in ${minutes((Date.now() - runStarted) / 1000)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);

/** Runs one step to its end; `pipe` keeps its output for the caller to print. */
async function run(step, stdio) {
  const started = Date.now();
  const child = spawn(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TEST_RUN_DIR: runDir, ...step.env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  const counts = step.report ? readCounts(step.report) : undefined;
  const ok = status === 0 && (!step.report || (counts && counts.total > 0));
  return { name: step.name, ok, seconds: (Date.now() - started) / 1000, counts, output };
}

function minutes(seconds) {
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function readCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const firstLine = (text) =>
      String(text ?? '')
        .split('\n')[0]
        .slice(0, 300);
    const failures = report.testResults.flatMap((file) => {
      const where = path.relative(root, file.name);
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      // A file that failed outside any test (it did not load, a hook threw) has only its own message.
      if (tests.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
      return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    });
    return {
      total: report.numTotalTests,
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numTodoTests ?? 0),
      failures,
    };
  } catch {
    return undefined;
  }
}
