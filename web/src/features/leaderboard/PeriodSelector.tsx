import { MONTH_NAMES, type LeaderboardType } from '@kpi/contracts';
import { useMemo } from 'react';
import { SelectField } from '../../components/ui';
import { companyZone } from '../../session/companyClock';
import { yearOptions } from './rules';

interface PeriodSelectorProps {
  /** Omit to hide the Monthly/Yearly choice (the Performance Dashboard is always monthly). */
  type?: LeaderboardType;
  year: number;
  month: number;
  onChange: (next: { type: LeaderboardType; year: number; month: number }) => void;
  disabled?: boolean;
}

/** Period type (Monthly or Yearly), year (current and 4 previous) and month (Monthly only): labelled selects. */
export function PeriodSelector({ type, year, month, onChange, disabled }: PeriodSelectorProps) {
  const years = useMemo(() => {
    const list = yearOptions(new Date(), companyZone());
    // A remembered year that has left the window (a tab open across New Year) still shows as chosen.
    return list.includes(year) ? list : [...list, year].sort((a, b) => b - a);
  }, [year]);
  const current = { type: type ?? 'monthly', year, month };
  const monthly = current.type === 'monthly';

  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-4">
      {type && (
        <SelectField
          label="Period Type"
          fieldClassName="col-span-2 sm:w-40"
          value={type}
          disabled={disabled}
          onChange={(e) => onChange({ ...current, type: e.target.value === 'yearly' ? 'yearly' : 'monthly' })}
        >
          <option value="monthly">Monthly</option>
          <option value="yearly">Yearly</option>
        </SelectField>
      )}
      <SelectField label="Year" fieldClassName="sm:w-32" value={year} disabled={disabled} onChange={(e) => onChange({ ...current, year: Number(e.target.value) })}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
      {monthly && (
        <SelectField label="Month" fieldClassName="sm:w-44" value={month} disabled={disabled} onChange={(e) => onChange({ ...current, month: Number(e.target.value) })}>
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
