import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from './i18n';

// Namespaces that are not bundled come over HTTP through i18next-http-backend's fetch; the test
// stubs fetch and drives i18next's own retry timers with fake time.
const fetchMock = vi.fn<typeof fetch>();
const calls: Array<{ url: string; at: number }> = [];
let start = 0;

beforeAll(async () => {
  await initI18n('es');
});
beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
  calls.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), at: Date.now() - start });
    return fetchMock(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const unavailable = () =>
  Promise.resolve(new Response('unavailable', { status: 503, statusText: 'Service Unavailable' }));
const translations = (body: object) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('loading a translation file over HTTP', () => {
  it('retries a failing file 5 times, waiting 350 ms and then twice as long each time', async () => {
    fetchMock.mockImplementation(unavailable);
    void i18n.loadNamespaces('checkout');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => call.url)).toEqual(Array(6).fill('/locales/es/checkout.json'));
    const waits = calls.slice(1).map((call, index) => call.at - calls[index]!.at);
    expect(waits).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('stops retrying once the file arrives, and uses it', async () => {
    let helpFailures = 2;
    fetchMock.mockImplementation((url) =>
      String(url).endsWith('/help.json') && helpFailures-- > 0 ? unavailable() : translations({ title: 'Ayuda' }),
    );
    const loaded = i18n.loadNamespaces('help');
    await vi.advanceTimersByTimeAsync(60_000);
    await loaded;
    // i18next also tries the earlier test's failed file again; only this file's calls count here.
    expect(calls.filter((call) => call.url === '/locales/es/help.json').map((call) => call.at)).toEqual([0, 350, 1050]);
    expect(i18n.getFixedT('es', 'help')('title')).toBe('Ayuda');
  });

  it("fetches a namespace in the visitor's language only, not also in Spanish", async () => {
    fetchMock.mockImplementation(() => translations({ title: 'Terms' }));
    await i18n.changeLanguage('en');
    const loaded = i18n.loadNamespaces('legal');
    await vi.advanceTimersByTimeAsync(1000);
    await loaded;
    expect(calls.map((call) => call.url).filter((url) => url.endsWith('/legal.json'))).toEqual([
      '/locales/en/legal.json',
    ]);
    await i18n.changeLanguage('es');
  });
});
