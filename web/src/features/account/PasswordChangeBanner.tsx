import { useState } from 'react';
import { useAtomValue } from '../../lib/store';
import { Button } from '../../components/ui';
import { AlertIcon } from '../../components/ui/icons';
import { sessionUserAtom } from '../../session/atoms';
import { ChangePasswordModal } from './ChangePasswordModal';

/** Shown in the dashboard shell, for any role, while the password is a temporary one. */
export function PasswordChangeBanner() {
  const user = useAtomValue(sessionUserAtom);
  const [open, setOpen] = useState(false);
  if (!user?.mustChangePassword) return null;
  return (
    <div role="alert" className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
        <p className="text-sm font-medium text-amber-900">You must change your temporary password before continuing.</p>
      </div>
      <Button onClick={() => setOpen(true)} className="shrink-0">
        Change Password
      </Button>
      {open && <ChangePasswordModal onClose={() => setOpen(false)} />}
    </div>
  );
}
