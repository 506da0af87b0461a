#!/usr/bin/env node
// The last step of `npm test`: no password, token, signature or card number the tests used may
// appear in any log a server wrote during the run (issue 9). The servers log into
// <run dir>/logs/ and the test fixtures record the secrets they used in <run dir>/secrets/*.txt
// (e2e/support/test-run.ts). Stack traces are not checked: error logs may carry them.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Matches the recorder's floor: shorter values would hit unrelated text. */
export const MIN_SECRET_LENGTH = 8;

/** `kind<TAB>value` lines (a bare value is kind "secret"); duplicates and short values dropped. */
export function parseSecrets(text) {
  const secrets = new Map();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const [kind, value] = tab === -1 ? ['secret', line] : [line.slice(0, tab), line.slice(tab + 1)];
    if (value.length >= MIN_SECRET_LENGTH && !secrets.has(value)) secrets.set(value, kind);
  }
  return [...secrets].map(([value, kind]) => ({ kind, value }));
}

/** The forms a value takes inside a JSON log line or a URL, besides itself. */
function variantsOf(value) {
  return new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]);
}

/**
 * A function returning the secrets a line contains. Each secret is indexed by its first
 * MIN_SECRET_LENGTH characters, so a line is scanned once whatever the number of secrets
 * (a full run records thousands, against hundreds of thousands of lines).
 */
export function createMatcher(secrets) {
  const byPrefix = new Map();
  for (const secret of secrets) {
    for (const variant of variantsOf(secret.value)) {
      const prefix = variant.slice(0, MIN_SECRET_LENGTH);
      if (!byPrefix.has(prefix)) byPrefix.set(prefix, []);
      byPrefix.get(prefix).push({ variant, secret });
    }
  }
  return (line) => {
    const found = new Set();
    for (let i = 0; i + MIN_SECRET_LENGTH <= line.length; i += 1) {
      const candidates = byPrefix.get(line.slice(i, i + MIN_SECRET_LENGTH));
      if (!candidates) continue;
      for (const { variant, secret } of candidates) if (line.startsWith(variant, i)) found.add(secret);
    }
    return [...found];
  };
}

/** Enough of a secret to tell which one it was, never enough to reuse it. */
export function maskSecret(value) {
  const shown = value.length >= 16 ? 3 : 1;
  return `${value.slice(0, shown)}…${value.slice(-shown)} (${value.length} chars)`;
}

function filesIn(dir, extension) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Reads a run directory and reports every secret found in a log, with file and line number. */
export function checkRunDir(runDir) {
  const secrets = parseSecrets(
    filesIn(path.join(runDir, 'secrets'), '.txt')
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n'),
  );
  const logFiles = filesIn(path.join(runDir, 'logs'), '.log');
  const match = createMatcher(secrets);
  const leaks = [];
  let lineCount = 0;
  for (const file of logFiles) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    lineCount += lines.length;
    lines.forEach((line, index) => {
      for (const secret of match(line))
        leaks.push({
          kind: secret.kind,
          masked: maskSecret(secret.value),
          file: path.relative(runDir, file),
          line: index + 1,
        });
    });
  }
  const problems = [];
  if (secrets.length === 0)
    problems.push(
      `no secrets were recorded in ${path.join(runDir, 'secrets')}: the fixtures did not run with TEST_RUN_DIR`,
    );
  if (logFiles.length === 0 || lineCount === 0)
    problems.push(`no log lines in ${path.join(runDir, 'logs')}: the servers did not log into the run directory`);
  return { secretCount: secrets.length, lineCount, fileCount: logFiles.length, leaks, problems };
}

function main() {
  const runDir = path.resolve(
    process.argv[2] ?? process.env.TEST_RUN_DIR ?? path.join(import.meta.dirname, '..', '.test-run'),
  );
  const result = checkRunDir(runDir);
  for (const leak of result.leaks)
    console.error(`secret in log: ${leak.kind} ${leak.masked} at ${leak.file}:${leak.line}`);
  for (const problem of result.problems) console.error(`cannot check: ${problem}`);
  const found = result.leaks.length === 0 ? 'none found' : `${result.leaks.length} found`;
  console.log(
    `${result.secretCount} secrets checked against ${result.lineCount} log lines in ${result.fileCount} files: ${found}`,
  );
  process.exit(result.leaks.length === 0 && result.problems.length === 0 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
