import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRunDir, createMatcher, maskSecret, parseSecrets } from './check-run-logs.mjs';

const dirs = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function runDir(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-run-logs-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('parseSecrets', () => {
  it('reads kind and value, drops duplicates and values too short to match safely', () => {
    expect(parseSecrets('password\tcorrect-horse-9\nguest token\tabc\n\ncorrect-horse-9\nbare-secret-value\n')).toEqual(
      [
        { kind: 'password', value: 'correct-horse-9' },
        { kind: 'secret', value: 'bare-secret-value' },
      ],
    );
  });
});

describe('createMatcher', () => {
  const match = createMatcher([
    { kind: 'password', value: 'correct-horse-9' },
    { kind: 'access token', value: 'eyJhbGciOi.payload.sig' },
    { kind: 'password', value: 'quote"d pass' },
    { kind: 'password', value: 'correct-horse-9-longer' },
  ]);

  it('finds a secret anywhere in a line, and each one once', () => {
    expect(match('{"msg":"x","password":"correct-horse-9","again":"correct-horse-9"}').map((s) => s.kind)).toEqual([
      'password',
    ]);
    expect(match('Bearer eyJhbGciOi.payload.sig').map((s) => s.kind)).toEqual(['access token']);
  });

  it('finds secrets sharing a prefix, and the JSON-escaped and URL-encoded forms', () => {
    expect(match('correct-horse-9-longer').map((s) => s.value)).toEqual(['correct-horse-9', 'correct-horse-9-longer']);
    expect(match('{"body":"quote\\"d pass"}').map((s) => s.value)).toEqual(['quote"d pass']);
    expect(match('/path?p=quote%22d%20pass').map((s) => s.value)).toEqual(['quote"d pass']);
  });

  it('ignores partial matches and redacted values', () => {
    expect(match('{"password":"[redacted]","note":"correct-horse"}')).toEqual([]);
    expect(match('')).toEqual([]);
  });
});

describe('maskSecret', () => {
  it('never prints the whole secret', () => {
    expect(maskSecret('correct-horse-9')).toBe('c…9 (15 chars)');
    expect(maskSecret('4242424242424242')).toBe('424…242 (16 chars)');
  });
});

describe('checkRunDir', () => {
  it('reports the file and line of each leak, with the kind and a masked value', () => {
    const dir = runDir({
      'secrets/1.txt': 'password\tcorrect-horse-9\n',
      'secrets/2.txt': 'card number\t4242424242424242\n',
      'logs/api-1.log': '{"msg":"request"}\n{"msg":"login","password":"correct-horse-9"}\n',
      'logs/product-2.log': '{"msg":"request"}\n',
    });
    expect(checkRunDir(dir)).toEqual({
      secretCount: 2,
      lineCount: 3,
      fileCount: 2,
      problems: [],
      leaks: [{ kind: 'password', masked: 'c…9 (15 chars)', file: path.join('logs', 'api-1.log'), line: 2 }],
    });
  });

  it('cannot pass with no recorded secrets or no log lines', () => {
    expect(checkRunDir(runDir({ 'logs/a.log': '{}\n' })).problems).toHaveLength(1);
    expect(
      checkRunDir(runDir({ 'secrets/1.txt': 'password\tcorrect-horse-9\n', 'logs/a.log': '' })).problems,
    ).toHaveLength(1);
    expect(checkRunDir(runDir({})).problems).toHaveLength(2);
  });
});
