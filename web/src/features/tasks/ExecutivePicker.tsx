import type { User } from '@kpi/contracts';
import { useId, useState, type SelectHTMLAttributes } from 'react';
import { SelectField } from '../../components/ui';
import { ExecutiveSearchField } from '../executives/ExecutiveSearchField';
import { searchSummary, useExecutiveSearch } from '../executives/useExecutiveSearch';

interface ExecutivePickerProps {
  companyId: string | null;
  /** The executives the screen has loaded (its first pages), shown until the admin searches. */
  loaded: readonly User[];
  /** The task's assignee when editing: listed even if inactive or not loaded. */
  assignee?: Pick<User, '_id' | 'name' | 'department'> | null;
  value: string;
  onChange: (userId: string) => void;
  locked: boolean;
  /** id and aria-invalid of the select, so the form's validation can point at it. */
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
}

/** The same test the server applies to a search (docs/decisions.md), for instant feedback while it answers. */
const matchesText = (user: User, text: string) =>
  [user.name, user.email, user.department].some((field) => field?.toLowerCase().includes(text.toLowerCase()));

const optionLabel = (user: Pick<User, 'name' | 'department'>) => (user.department ? `${user.name} — ${user.department}` : user.name);

/**
 * "Assign To" for a company of any size: the select lists the executives loaded with the screen; typing in
 * "Find an executive" lists the server's matches instead, so the thousandth executive is as easy to pick as the
 * first. The chosen executive stays in the list whatever the search shows.
 */
export function ExecutivePicker({ companyId, loaded, assignee, value, onChange, locked, selectProps }: ExecutivePickerProps) {
  const [text, setText] = useState('');
  const search = useExecutiveSearch(companyId, text);
  const summaryId = useId();
  // Who was picked, so they can still be named once a new search no longer lists them.
  const [picked, setPicked] = useState<Pick<User, '_id' | 'name' | 'department'> | null>(assignee ?? null);
  const typed = text.trim();
  const pool = search.status === 'ready' ? search.matches : typed ? loaded.filter((e) => matchesText(e, typed)) : loaded;
  const choices = pool.filter((e) => e.isActive || e._id === assignee?._id);
  const chosen = value && !choices.some((e) => e._id === value) && picked?._id === value ? picked : null;
  const choose = (userId: string) => {
    setPicked(choices.find((e) => e._id === userId) ?? (userId === chosen?._id ? chosen : null));
    onChange(userId);
  };
  const summary = searchSummary(search);

  return (
    <div className="space-y-2">
      {!locked && (
        <ExecutiveSearchField label="Find an executive" text={text} onText={setText} describedBy={summaryId} />
      )}
      <SelectField
        label="Assign To"
        required
        value={value}
        onChange={(e) => choose(e.target.value)}
        disabled={locked}
        hint={locked ? 'Work has been submitted, so this task stays with its assignee.' : undefined}
        {...selectProps}
      >
        <option value="">Select an executive</option>
        {chosen && <option value={chosen._id}>{optionLabel(chosen)}</option>}
        {choices.map((e) => (
          <option key={e._id} value={e._id}>
            {optionLabel(e)}
            {e.isActive ? '' : ' (inactive)'}
          </option>
        ))}
      </SelectField>
      <p id={summaryId} role="status" className="min-h-4 text-xs text-slate-500">
        {summary}
      </p>
    </div>
  );
}
