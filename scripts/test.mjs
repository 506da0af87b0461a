#!/usr/bin/env node
// `npm test`: every check, in order. Each step runs even if an earlier one failed, so one run
// shows everything that is wrong; the exit code is non-zero if any step failed or could not run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

const vitest = (name, projects, env = {}) => ({
  name,
  env,
  report: path.join(outputDir, `${name.replace(/\W+/g, '-')}.json`),
  command: [
    'npx',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(outputDir, `${name.replace(/\W+/g, '-')}.json`)}`,
  ],
});

const steps = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  vitest('unit tests', ['unit', 'web']),
  vitest('API tests on PGlite', ['api'], { TEST_DB: 'pglite' }),
  vitest('API tests on PostgreSQL', ['api'], { TEST_DB: 'postgres' }),
  { name: 'build the web app and the server', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'the built server answers with plain node', command: ['node', 'scripts/check-built-server.mjs'] },
  vitest('browser journeys', ['e2e']),
  { name: "no secrets in the run's logs", command: ['node', 'scripts/check-run-logs.mjs', runDir] },
];

const results = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_RUN_DIR: runDir, ...step.env },
  });
  const counts = step.report ? readCounts(step.report) : undefined;
  const ok = run.status === 0 && (!step.report || (counts && counts.total > 0));
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000, counts });
}

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
for (const result of results) {
  const countText = result.counts ? ` (${result.counts.passed} passed, ${result.counts.failed} failed)` : '';
  console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.name}${countText}  ${result.seconds.toFixed(1)} s`);
  passed += result.counts?.passed ?? 0;
  failed += result.counts?.failed ?? 0;
  if (!result.ok && !result.counts?.failed) failed += 1;
  // CI shows only the end of the output: name each failed test here, with the first line of its error.
  for (const failure of result.counts?.failures ?? []) console.log(`      ✗ ${failure}`);
}
console.log(`Total: ${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) ? 0 : 1);

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
