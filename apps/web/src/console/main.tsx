import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleRoutes, consoleRoutes } from './app/routes';
import { afterFirstPage, preloadRoutes } from '@/lib/lazy-route';
import { loadLaterUrdu, startI18n } from '@/lib/i18n';
import '@/app/styles.css';
import './app/console.css';

const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root element');

// The page's code (the page and its layouts, downloaded together) and, while it comes, ConsoleLoading.
const firstPage = preloadRoutes(consoleRoutes, window.location.pathname);
// The page opens in its language (Urdu's texts fetched first) rather than flashing English; in Urdu the
// font comes once the page has drawn, as on the student pages (main.tsx).
await startI18n();
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ConsoleRoutes firstPage={firstPage} />
    </BrowserRouter>
  </StrictMode>,
);
afterFirstPage(firstPage, () => loadLaterUrdu({ codes: false }));
