import { defineConfig } from 'vite';

// `npm run dev` serves the UI with hot reload and sends /api to a running `kirin serve`.
export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
