import { useId } from 'react';
import toast from 'react-hot-toast';
import { Button, Modal, inputClass } from '../../components/ui';
import { AlertIcon, CopyIcon } from '../../components/ui/icons';

/**
 * A signing secret, shown once: after a new endpoint or a rotation. The server never returns it again, so the
 * modal says so and offers a copy button.
 */
export function SecretModal({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy: select the secret and copy it by hand');
    }
  };
  return (
    <Modal title={rotated ? 'New Signing Secret' : 'Signing Secret'} onClose={onClose}>
      <div className="space-y-4">
        <p className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
          <AlertIcon className="h-5 w-5 shrink-0 text-amber-600" />
          <span>
            Copy this secret now: <strong>you will not see it again.</strong>{' '}
            {rotated ? 'The previous secret keeps signing alongside it for a while, so your receiver can switch over.' : 'Your receiver checks each request’s signature with it.'}
          </span>
        </p>
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            Secret
          </label>
          <div className="flex gap-2">
            <input id={id} readOnly value={secret} data-testid="webhook-secret" className={`${inputClass} font-mono`} onFocus={(e) => e.target.select()} />
            <Button variant="secondary" icon={<CopyIcon className="h-4 w-4" />} onClick={() => void copy()}>
              Copy
            </Button>
          </div>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Modal>
  );
}
