import type { Company, CreateCompanyRequest } from '@kpi/contracts';
import { useMemo, useState } from 'react';
import { FormModal, TextAreaField, TextField } from '../../components/ui';
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
  const zones = useMemo(timeZones, []);

  const save = async (): Promise<string> => {
    const body: CreateCompanyRequest = {
      name: name.trim(),
      industry: industry.trim(),
      description: description.trim(),
      timeZone: timeZone.trim() || DEFAULT_TIME_ZONE,
    };
    if (company) {
      await companiesApi.update(company._id, body);
      return 'Company updated successfully';
    }
    await companiesApi.create(body);
    return 'Company created successfully';
  };

  return (
    <FormModal
      title={company ? 'Edit Company' : 'Add Company'}
      onClose={onClose}
      submitLabel={company ? 'Update Company' : 'Create Company'}
      onSubmit={save}
      onSaved={() => void loadCompanies({ quiet: true })}
    >
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
    </FormModal>
  );
}
