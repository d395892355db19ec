import { MAIL_KINDS, PRODUCT_NAME, unsubscribeTokenKind } from '@kpi/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card } from '../components/ui';
import { errorMessage } from '../lib/api';
import { mailApi } from '../features/mail/api';

/**
 * /unsubscribe?token=…: an email's unsubscribe link, no sign-in needed. It asks before turning the emails off, so a
 * mail scanner that opens links does not unsubscribe anyone (mail clients' one-click POST goes to the api directly).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = unsubscribeTokenKind(token);
  const [state, setState] = useState<{ status: 'ask' | 'busy' | 'done' | 'failed'; message?: string }>({ status: 'ask' });
  const what = kind === 'digest' ? 'your daily digest' : kind ? `“${MAIL_KINDS[kind].label}” emails` : null;

  const unsubscribe = async () => {
    setState({ status: 'busy' });
    try {
      const done = await mailApi.unsubscribe(token);
      setState({ status: 'done', message: done.message });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, 'Could not unsubscribe. Please try again.') });
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md p-6">
        <h1 className="mb-2 text-lg font-semibold text-slate-900">{PRODUCT_NAME} emails</h1>
        {!what && <p className="text-sm text-slate-600">This unsubscribe link is not valid.</p>}
        {what && state.status !== 'done' && (
          <>
            <p className="mb-4 text-sm text-slate-600">Stop {what}?</p>
            {state.status === 'failed' && (
              <p role="alert" className="mb-4 text-sm text-red-600">
                {state.message}
              </p>
            )}
            <Button onClick={() => void unsubscribe()} disabled={state.status === 'busy'}>
              {state.status === 'busy' ? 'Unsubscribing...' : 'Unsubscribe'}
            </Button>
          </>
        )}
        {state.status === 'done' && (
          <p role="status" className="text-sm text-emerald-700">
            {state.message}
          </p>
        )}
      </Card>
    </main>
  );
}
