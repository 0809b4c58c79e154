import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API and the SPA share one origin in production; in development Vite proxies the API calls.
const apiPrefixes = [
  '/auth',
  '/public',
  '/forgetpassword',
  '/studentAuth',
  '/studentapi',
  '/captcha',
  '/dev',
  '/files',
  '/healthz',
];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
});
