import type { ReactNode } from 'react';
import { TextField } from '../../components/ui';

interface ExecutiveSearchFieldProps {
  label: string;
  text: string;
  onText: (text: string) => void;
  /** What the search found, under the field; or `describedBy`, when the summary is shown elsewhere. */
  hint?: ReactNode;
  describedBy?: string;
}

/** The text a search of the company's executives starts from (useExecutiveSearch.ts): the same wherever it appears. */
export function ExecutiveSearchField({ label, text, onText, hint, describedBy }: ExecutiveSearchFieldProps) {
  return (
    <TextField
      label={label}
      type="search"
      value={text}
      onChange={(e) => onText(e.target.value)}
      placeholder="Name, email or department"
      hint={hint}
      // Only when given: an explicit undefined would drop the hint's own description.
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      autoComplete="off"
    />
  );
}
