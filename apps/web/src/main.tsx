import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { apiEvents } from './lib/api-events';
import './styles.css';

const router = createBrowserRouter(routes);
apiEvents.navigate = (to) => void router.navigate(to);

const app = (
  <AppProviders>
    <RouterProvider router={router} />
  </AppProviders>
);
// The build prerenders the home page into index.html and marks the root with its path; any other
// address is served the empty shell. Hydrate only the markup of the address being opened.
const container = document.getElementById('root')!;
if (container.dataset.prerendered === window.location.pathname) hydrateRoot(container, app);
else createRoot(container).render(app);
