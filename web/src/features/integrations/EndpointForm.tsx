import {
  createWebhookSchema,
  LIMITS,
  updateWebhookSchema,
  WEBHOOK_KINDS,
  type Company,
  type CreateWebhookRequest,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookKind,
  type WebhookWithSecret,
} from '@kpi/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormModal, SelectField, TextField, ToggleField } from '../../components/ui';
import { formProblem } from '../../lib/formProblem';
import { applyEndpoint, loadEndpoints } from './actions';
import { webhooksApi } from './api';
import { allowedFor, eventTypesFor, KIND_LABELS } from './rules';

interface EndpointFormProps {
  /** null: add one. */
  endpoint: WebhookEndpoint | null;
  /** The superadmin picks the company of a new endpoint; an admin's is their own (omitted). */
  companies?: Company[];
  onClose: () => void;
  /** A new endpoint's signing secret, for the screen to show once (null for chat channels). */
  onCreated: (created: WebhookWithSecret) => void;
}

/** Add or edit an endpoint, in a modal: URL, kind (fixed once created), description, event types, active. */
export function EndpointForm({ endpoint, companies, onClose, onCreated }: EndpointFormProps) {
  const [company, setCompany] = useState('');
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [kind, setKind] = useState<WebhookKind>(endpoint?.kind ?? 'standard');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>(endpoint?.eventTypes ?? []);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const offered = eventTypesFor(kind);

  const changeKind = (next: WebhookKind) => {
    setKind(next);
    setEventTypes((chosen) => allowedFor(next, chosen));
  };
  const toggleType = (type: WebhookEventType, on: boolean) =>
    setEventTypes((chosen) => (on ? offered.filter((t) => t === type || chosen.includes(t)) : chosen.filter((t) => t !== type)));

  const save = async (): Promise<string | null> => {
    const fields = { url: url.trim(), description: description.trim(), eventTypes, active };
    if (!endpoint && companies && !company) return (toast.error('Company is required'), null);
    const createBody: CreateWebhookRequest = { ...fields, kind, ...(companies ? { company } : {}) };
    const problem = endpoint ? formProblem(updateWebhookSchema, fields) : formProblem(createWebhookSchema, { ...fields, kind, company: companies ? company : undefined });
    if (problem) return (toast.error(problem.message), null);
    if (endpoint) {
      applyEndpoint(await webhooksApi.update(endpoint._id, fields));
      return 'Endpoint updated successfully';
    }
    const created = await webhooksApi.create(createBody);
    applyEndpoint(created.endpoint, true);
    onCreated(created);
    return 'Endpoint added successfully';
  };

  return (
    <FormModal
      title={endpoint ? 'Edit Endpoint' : 'Add Endpoint'}
      onClose={onClose}
      size="lg"
      noValidate
      submitLabel={endpoint ? 'Update Endpoint' : 'Add Endpoint'}
      onSubmit={save}
      onSaved={() => void loadEndpoints({ quiet: true })}
    >
      {!endpoint && companies && (
        <SelectField label="Company" required value={company} onChange={(e) => setCompany(e.target.value)}>
          <option value="">Select a company</option>
          {companies.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <TextField
          label="URL"
          type="url"
          required
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://example.com/webhooks/kpi'}
        />
        <SelectField
          label="Kind"
          value={kind}
          disabled={endpoint !== null}
          onChange={(e) => changeKind(e.target.value as WebhookKind)}
          hint={endpoint ? 'Fixed once created.' : undefined}
        >
          {WEBHOOK_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField label="Description" maxLength={LIMITS.title} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="e.g. Our HR system" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Event types</legend>
        <p className="text-xs text-slate-500">
          {kind === 'standard' ? 'The events this endpoint receives, signed.' : 'A chat channel posts only results people celebrate.'}
        </p>
        <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {offered.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                checked={eventTypes.includes(type)}
                onChange={(e) => toggleType(type, e.target.checked)}
              />
              <span className="font-mono text-xs">{type}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ToggleField label="Active" hint="A paused endpoint gets nothing until it is resumed." checked={active} onChange={setActive} />
    </FormModal>
  );
}
