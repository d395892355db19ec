import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';

/** The routed app: every area, the wall and the sign-in routes. Loaded lazily by Root (its own chunk). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
