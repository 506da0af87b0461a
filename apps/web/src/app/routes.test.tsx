import { PAGE_PATHS } from '@momentos/contract/page-paths';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './routes';

describe('the router', () => {
  it('draws exactly the pages the server answers 200 for, and a catch-all for the rest', () => {
    const paths = createRoutes(new QueryClient())
      .flatMap((route) => route.children ?? [])
      .map((route) => route.path);
    expect(paths.filter((path) => path !== '*').sort()).toEqual(Object.values(PAGE_PATHS).sort());
    expect(paths.at(-1)).toBe('*');
  });
});
