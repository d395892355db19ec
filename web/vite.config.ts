/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The contracts are compiled from their TypeScript source, so the web never waits for a contracts build.
const contractsEntry = decodeURIComponent(new URL('../contracts/src/index.ts', import.meta.url).pathname);
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: /^@kpi\/contracts$/, replacement: contractsEntry }],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The contracts' modules only declare schemas and constants: a module the web does not use
        // (e.g. the zod schemas) is dropped instead of pulling zod into the sign-in bundle.
        moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
