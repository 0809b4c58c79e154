import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { startI18n } from './lib/i18n';
import './app/styles.css';

// The spec's client unregisters any background service worker at start: a worker left by an older portal
// must not serve stale pages or intercept calls.
void navigator.serviceWorker?.getRegistrations().then((registrations) => {
  for (const registration of registrations) void registration.unregister();
});

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page opens in its language (Urdu's texts and font fetched first) rather than flashing English.
await startI18n();
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
