import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './build-plugins/precompress-plugin';
import { firstPaintPlugin } from './first-paint/first-paint-plugin';

const apiTarget = 'http://localhost:3000';

/**
 * The service worker (src/service-worker/sw.ts), built to /sw.js with the app shell's precache
 * list: every script and stylesheet, the display font, the translations the guest page and the
 * album load, the icons and index.html, kept as `/` (the server's copy of it without the guest
 * page's template, the shell offline navigations fall back to). Not the Open Graph image, nor the
 * 24 album fonts: the one an album uses is kept when the guest page loads it (routes.ts).
 * Builds only: `npm run dev` and the web tests run without a service worker. The precompress
 * plugin runs after it, so /sw.js gets its .br and .gz too.
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    injectManifest: {
      // A classic script (no `import` left after bundling), which every browser with service workers runs.
      rollupFormat: 'iife',
      globPatterns: [
        'index.html',
        'assets/*.{js,css}',
        'assets/fraunces-latin-wght-normal-*.woff2',
        'locales/{es,en}/{guest,album,guestbook}.json',
        '{favicon.svg,apple-touch-icon.png,icon-192.png,icon-512.png,manifest.*.webmanifest}',
      ],
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
          warnings: [],
        }),
      ],
    },
  });

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    firstPaintPlugin(),
    ...(command === 'build' ? [serviceWorker()] : []),
    // Post, as vite-plugin-pwa's build step is: it then runs after /sw.js is written.
    { ...precompressPlugin(), enforce: 'post' },
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // zod has no dependencies, so it splits off safely. React, React DOM, the scheduler and the
    // router change rarely and load on every page, so they share one long-cached vendor chunk; they
    // must stay together (splitting react-dependent libraries into separate chunks created an
    // import cycle that broke start-up). lucide-react's icons (React only) share one chunk too:
    // one chunk of its own per icon gave the guest page 17 requests of under 1 KB each.
    // Chunks under 4 KB that run nothing when loaded are merged into one loaded with them: each
    // chunk costs a phone's main thread a request, a compile and a module to link (the guest
    // page's first screen went from 31 chunks to 8).
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 4000,
        manualChunks: (id) => {
          if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'vendor';
          if (/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)) return 'icons';
          return undefined;
        },
        // A merged chunk keeps the name of one of the small chunks in it: the app's stays `boot`.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]src[\\/]boot\.tsx$/.test(id))
            ? 'assets/boot-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
    chunkSizeWarningLimit: 650,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
