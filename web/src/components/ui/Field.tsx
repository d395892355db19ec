import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

export const inputClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form row: every input of the app goes through one of these. */
export function Field({ id, label, hint, required, className, children }: FieldProps) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {/* Outside the label, so the field's accessible name is exactly its label. */}
        {required && <span className="text-sm text-red-500" aria-hidden="true">*</span>}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

type Labelled = { label: ReactNode; hint?: ReactNode; fieldClassName?: string };

export function TextField({ label, hint, fieldClassName, className, id, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} required={input.required} className={fieldClassName}>
      <input id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} className={cx(inputClass, className)} {...input} />
    </Field>
  );
}

export function TextAreaField({ label, hint, fieldClassName, className, id, ...input }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} required={input.required} className={fieldClassName}>
      <textarea id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} className={cx(inputClass, className)} {...input} />
    </Field>
  );
}

export function SelectField({ label, hint, fieldClassName, className, id, children, ...input }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <Field id={inputId} label={label} hint={hint} required={input.required} className={fieldClassName}>
      <select id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} className={cx(inputClass, 'pr-8', className)} {...input}>
        {children}
      </select>
    </Field>
  );
}

/** A labelled on/off switch (a checkbox underneath, so it is keyboard and screen-reader friendly). */
export function ToggleField({ label, checked, onChange, disabled, hint }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
