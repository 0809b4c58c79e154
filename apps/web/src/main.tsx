import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadFirstPage, StudentRoutes } from './app/routes';
import { loadLaterUrdu, startI18n } from './lib/i18n';
import { afterFirstPage } from './lib/lazy-route';
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
// The page opens in its language (Urdu's texts fetched first) rather than flashing English. In Urdu the font
// and the message codes come once the page has drawn (decisions 0070, 0071).
await startI18n({ codesLater: true });
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <StudentRoutes firstPage={firstPage} />
    </BrowserRouter>
  </StrictMode>,
);
afterFirstPage(firstPage, () => loadLaterUrdu({ codes: true }));
