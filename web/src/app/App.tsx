import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
// The full stylesheet comes with the routed app: the sign-in page renders with signin.css alone.
import '../index.css';

/** The routed app: every area, the wall and the sign-in routes. Loaded lazily by Root (its own chunk). */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
