import type { InvitationResponse, User } from '@kpi/contracts';
import { useState } from 'react';
import { Button, Modal } from '../../components/ui';
import { formatDateTime } from '../../lib/format';

/** The invitation just made: the link to copy and pass on (always), and whether it was also mailed. */
export function InvitationDialog({ user, invitation, onClose }: { user: User; invitation: InvitationResponse; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(invitation.link);
    setCopied(true);
  };
  return (
    <Modal title={`Invitation for ${user.name}`} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          {invitation.emailed
            ? `We sent this link to ${user.email}. You can also pass it on yourself.`
            : `Send this link to ${user.email}. It lets them choose their own password, once.`}
        </p>
        <div className="flex gap-2">
          <input
            readOnly
            aria-label="Invitation link"
            value={invitation.link}
            onFocus={(e) => e.target.select()}
            className="block w-full min-w-0 rounded-lg border-0 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-inset ring-slate-300"
          />
          <Button variant="secondary" onClick={() => void copy().catch(() => setCopied(false))}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
        <p className="text-xs text-slate-500">Valid until {formatDateTime(invitation.expiresAt)}. Sending a new invitation withdraws this link.</p>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Modal>
  );
}
