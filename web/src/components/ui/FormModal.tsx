import { useState, type ReactNode, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/api';
import { Button } from './Button';
import { Modal } from './Modal';

interface FormModalProps {
  title: ReactNode;
  onClose: () => void;
  size?: 'md' | 'lg';
  /** The submit button's label (Cancel stands beside it). */
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  /**
   * Saves the form. Answers the success toast, or null when it stopped before saving (it said why, e.g. with an
   * error toast for a field); throws when the save failed.
   */
  onSubmit: () => Promise<string | null>;
  /** After a successful save, once the modal has closed: a quiet reload of the list behind it, say. */
  onSaved?: () => void;
  /** The error toast for a failed save; null shows none. Default: the server's message, or 'Operation failed'. */
  failure?: (error: unknown) => string | null;
  /** The form checks its fields itself (the contract's messages) instead of the browser's bubbles. */
  noValidate?: boolean;
  children: ReactNode;
}

/**
 * Every form in a modal submits the same way: the button spins while saving, a success toasts and closes the
 * modal, a failure toasts and leaves the form as it was, to be fixed and sent again.
 */
export function FormModal({ title, onClose, size, submitLabel, submitDisabled, onSubmit, onSaved, failure, noValidate, children }: FormModalProps) {
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      const done = await onSubmit();
      if (done === null) return void setSaving(false);
      toast.success(done);
      onClose();
      onSaved?.();
    } catch (error) {
      const message = failure ? failure(error) : errorMessage(error, 'Operation failed');
      if (message) toast.error(message);
      setSaving(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose} size={size}>
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate={noValidate}>
        {children}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
