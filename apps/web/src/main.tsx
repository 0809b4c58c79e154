import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadFirstPage, StudentRoutes } from './app/routes';
import { loadLaterUrdu, startI18n } from './lib/i18n';
import { readStoredSession } from './lib/stored-session';
import './app/styles.css';

// The spec's client unregisters any background service worker at start: a worker left by an older portal
// must not serve stale pages or intercept calls.
void navigator.serviceWorker?.getRegistrations().then((registrations) => {
  for (const registration of registrations) void registration.unregister();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's code (the page and its layouts, downloaded together) and, while it comes, its skeleton.
const firstPage = preloadFirstPage(window.location.pathname);
// The page opens in its language (Urdu's texts and font fetched first) rather than flashing English. A
// visitor's page (sign-in) draws in Urdu before the message codes, which it loads once it has drawn.
const visitor = !readStoredSession().student;
await startI18n({ visitor });
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <StudentRoutes firstPage={firstPage} />
    </BrowserRouter>
  </StrictMode>,
);
if (visitor) requestAnimationFrame(() => setTimeout(loadLaterUrdu));
