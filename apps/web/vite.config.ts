import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './build-plugins/precompress-plugin';
import { firstPaintPlugin } from './first-paint/first-paint-plugin';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPaintPlugin(), precompressPlugin()],
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
    // import cycle that broke start-up).
    rollupOptions: {
      output: {
        manualChunks: (id) => {
          if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return 'zod';
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'vendor';
          return undefined;
        },
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
});
