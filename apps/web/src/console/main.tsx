import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { consoleRoutes } from './app/routes';
import { startI18n } from '@/lib/i18n';
import '@/app/styles.css';
import './app/console.css';

const router = createBrowserRouter(consoleRoutes);
const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root element');

// The page opens in its language (Urdu's texts and font fetched first) rather than flashing English.
await startI18n();
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
