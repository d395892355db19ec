import type { WebhookEndpoint } from '@kpi/contracts';
import { useEffect, useMemo, useState } from 'react';
import { store, useAtomValue } from '../../lib/store';
import { Button, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { PlugIcon, PlusIcon } from '../../components/ui/icons';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { useDeletion } from '../../components/deletion';
import { loadCompanies } from '../companies/actions';
import { companiesStatusAtom, sortedCompaniesAtom } from '../companies/atoms';
import { closeLog, deleteEndpoint, loadEndpoints, loadMoreEndpoints } from './actions';
import { endpointsErrorAtom, endpointsPage, endpointsStatusAtom, openLogAtom, sortedEndpointsAtom } from './atoms';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';
import { SecretModal } from './SecretModal';

interface Shown {
  secret: string;
  rotated: boolean;
}

/**
 * Integrations: the company's webhook endpoints and chat channels (every company's for the superadmin, who
 * picks the company of a new one). Secrets are shown once, after creation or rotation.
 */
export function IntegrationsScreen({ allCompanies = false }: { allCompanies?: boolean }) {
  const endpoints = useAtomValue(sortedEndpointsAtom);
  const status = useAtomValue(endpointsStatusAtom);
  const error = useAtomValue(endpointsErrorAtom);
  const openLog = useAtomValue(openLogAtom);
  const companies = useAtomValue(sortedCompaniesAtom);
  const companyNames = useMemo(() => new Map(companies.map((c) => [c._id, c.name])), [companies]);
  // undefined: closed; null: add; an endpoint: edit it.
  const [editing, setEditing] = useState<WebhookEndpoint | null | undefined>(undefined);
  const [shown, setShown] = useState<Shown | null>(null);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this endpoint?', deleteEndpoint);

  useEffect(() => {
    void loadEndpoints();
    // The superadmin's company picker and names need the company list; it may be loaded from the Companies tab.
    if (allCompanies && store.get(companiesStatusAtom) !== 'ready') void loadCompanies();
    return closeLog;
  }, [allCompanies]);

  const addButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setEditing(null)}>
      Add Endpoint
    </Button>
  );

  return (
    <section aria-labelledby="integrations-heading">
      <PageHeader
        title={<span id="integrations-heading">Integrations</span>}
        subtitle={
          allCompanies
            ? "Every company's webhook endpoints and chat channels."
            : 'Send your events to your own systems (signed webhooks) or post them to a Slack or Microsoft Teams channel.'
        }
        actions={addButton}
      />
      {status === 'loading' || status === 'idle' ? (
        <SectionSpinner />
      ) : status === 'error' && endpoints.length === 0 ? (
        <EmptyState
          icon={<PlugIcon />}
          title={<span className="font-semibold text-slate-900">{error ?? 'Failed to fetch endpoints'}</span>}
          action={
            <Button variant="secondary" onClick={() => void loadEndpoints()}>
              Try Again
            </Button>
          }
        />
      ) : endpoints.length === 0 ? (
        <EmptyState
          icon={<PlugIcon />}
          title={<span className="font-semibold text-slate-900">No endpoints yet</span>}
          description="Add an endpoint to send events to another system or a chat channel."
          action={addButton}
        />
      ) : (
        <ul className="space-y-4" aria-label="Endpoints">
          {endpoints.map((e) => (
            <EndpointCard
              key={e._id}
              endpoint={e}
              companyName={allCompanies ? (companyNames.get(e.company) ?? 'Unknown company') : undefined}
              logOpen={openLog === e._id}
              deleting={deletingId === e._id}
              onEdit={setEditing}
              onDelete={remove}
              onSecret={(secret) => setShown({ secret, rotated: true })}
            />
          ))}
        </ul>
      )}
      {status === 'ready' && <LoadMoreFor state={endpointsPage} onLoad={() => void loadMoreEndpoints()} />}
      {editing !== undefined && (
        <EndpointForm
          endpoint={editing}
          companies={allCompanies ? companies : undefined}
          onClose={() => setEditing(undefined)}
          onCreated={({ secret }) => secret && setShown({ secret, rotated: false })}
        />
      )}
      {shown && <SecretModal secret={shown.secret} rotated={shown.rotated} onClose={() => setShown(null)} />}
    </section>
  );
}
