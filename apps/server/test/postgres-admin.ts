/** Kept free of vitest imports: the global setup loads it outside the test workers. */
export const TEST_RUN_PREFIX = 'momentos_test_';

export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The address of database `name` on the server the tests administer. */
export function databaseUrlFor(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
