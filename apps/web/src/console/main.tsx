import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { consoleRoutes } from './app/routes';
import '../app/styles.css';
import './app/console.css';

const router = createBrowserRouter(consoleRoutes);
const root = document.getElementById('root');
if (!root) throw new Error('staff.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
