import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The gateway serves /api and /graphql on one origin; in development Vite forwards them to it. */
const GATEWAY_URL = 'http://localhost:8080';
const proxy = {
  '/api': { target: GATEWAY_URL, changeOrigin: false },
  '/graphql': { target: GATEWAY_URL, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { proxy },
  preview: { proxy },
});
