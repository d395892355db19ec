import { TOAST_DURATION_MS } from '@kpi/contracts';
import { Toaster } from 'react-hot-toast';

/** The one toast outlet, above the sign-in shell and the routed app alike, so a toast survives the hand-over. */
export function Toasts() {
  return (
    <Toaster
      position="top-right"
      // Just below the 4rem header, so toasts never cover the bell, the user's name or Logout.
      containerStyle={{ top: 72 }}
      toastOptions={{
        success: { duration: TOAST_DURATION_MS.success },
        error: { duration: TOAST_DURATION_MS.error },
      }}
    />
  );
}
