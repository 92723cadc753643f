import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { apiEvents } from './lib/api-events';
import './styles.css';

const router = createBrowserRouter(routes);
apiEvents.navigate = (to) => void router.navigate(to);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
