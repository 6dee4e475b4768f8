import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.plugin.ts';

/** The gateway serves /api and /graphql on one origin; in development Vite forwards them to it. */
const GATEWAY_URL = 'http://localhost:8080';
const proxy = {
  '/api': { target: GATEWAY_URL, changeOrigin: false },
  '/graphql': { target: GATEWAY_URL, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy },
  preview: { proxy },
});
