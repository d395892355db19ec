import type { Company, CreateCompanyRequest } from '@kpi/contracts';
import { useMemo, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, Modal, TextAreaField, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { loadCompanies } from './actions';
import { companiesApi } from './api';

const DEFAULT_TIME_ZONE = 'UTC';

function timeZones(): string[] {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((tz) => tz !== 'UTC')];
  } catch {
    return ['UTC'];
  }
}

/** Add or edit a company, in a modal. `company` null means create. */
export function CompanyForm({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const [name, setName] = useState(company?.name ?? '');
  const [industry, setIndustry] = useState(company?.industry ?? '');
  const [description, setDescription] = useState(company?.description ?? '');
  const [timeZone, setTimeZone] = useState(company?.timeZone || DEFAULT_TIME_ZONE);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(timeZones, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: CreateCompanyRequest = {
      name: name.trim(),
      industry: industry.trim(),
      description: description.trim(),
      timeZone: timeZone.trim() || DEFAULT_TIME_ZONE,
    };
    setSaving(true);
    try {
      if (company) {
        await companiesApi.update(company._id, body);
        toast.success('Company updated successfully');
      } else {
        await companiesApi.create(body);
        toast.success('Company created successfully');
      }
      onClose();
      void loadCompanies({ quiet: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Operation failed'));
      setSaving(false);
    }
  };

  return (
    <Modal title={company ? 'Edit Company' : 'Add Company'} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        <TextField label="Company Name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="Acme Corporation" />
        <TextField label="Industry" required value={industry} onChange={(e) => setIndustry(e.target.value)} placeholder="Technology" />
        <TextAreaField
          label="Description"
          required
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What does this company do?"
        />
        <TextField
          label="Time Zone"
          list="company-time-zones"
          value={timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
          hint="Monthly and yearly periods follow this time zone. Defaults to UTC."
          autoComplete="off"
        />
        <datalist id="company-time-zones">
          {zones.map((tz) => (
            <option key={tz} value={tz} />
          ))}
        </datalist>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {company ? 'Update Company' : 'Create Company'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
