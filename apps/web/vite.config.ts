import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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

/** In development, as the API server does in production: /staff and /staff/* are the console's page. */
const staffPages: Plugin = {
  name: 'staff-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (req.method === 'GET' && (path === '/staff' || path.startsWith('/staff/'))) req.url = '/staff.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), staffPages],
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
