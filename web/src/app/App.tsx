import { TOAST_DURATION_MS } from '@kpi/contracts';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toaster
        position="top-right"
        // Just below the 4rem header, so toasts never cover the bell, the user's name or Logout.
        containerStyle={{ top: 72 }}
        toastOptions={{
          success: { duration: TOAST_DURATION_MS.success },
          error: { duration: TOAST_DURATION_MS.error },
        }}
      />
    </BrowserRouter>
  );
}
