import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and the SPA share one origin in production; in development Vite proxies the API calls.
const apiPrefixes = [
  '/auth',
  '/public',
  '/forgetpassword',
  '/studentAuth',
  '/studentapi',
  '/staffapi',
  '/captcha',
  '/dev',
  '/files',
  '/healthz',
];

export default defineConfig({
  plugins: [react()],
  build: {
    // Two pages, two entry points: the staff console (staff.html) shares no code path with the student pages'
    // first download; only chunks both import (React) are shared.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./staff.html', import.meta.url)),
      },
    },
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
});
