import type { InvitationResponse, User } from '@kpi/contracts';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { confirmAction } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { usersApi } from './api';
import { InvitationDialog } from './InvitationDialog';

/**
 * Sending and withdrawing invitations from a list of people: `invite` shows the link to copy once made,
 * `dialog` is that window (render it beside the list). `onChanged` refreshes the list.
 */
export function useInvitations(onChanged: () => void): { invite: (user: User) => void; revoke: (user: User) => void; busyId: string | null; dialog: ReactNode } {
  const [shown, setShown] = useState<{ user: User; invitation: InvitationResponse } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const invite = (user: User) => {
    setBusyId(user._id);
    usersApi
      .invite(user._id)
      .then((invitation) => {
        setShown({ user, invitation });
        onChanged();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to create the invitation')))
      .finally(() => setBusyId(null));
  };

  const revoke = (user: User) => {
    if (!confirmAction(`Withdraw the invitation for ${user.name}? Its link will stop working.`)) return;
    setBusyId(user._id);
    usersApi
      .revokeInvitation(user._id)
      .then(() => {
        toast.success('Invitation withdrawn');
        onChanged();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to withdraw the invitation')))
      .finally(() => setBusyId(null));
  };

  const dialog = shown && <InvitationDialog user={shown.user} invitation={shown.invitation} onClose={() => setShown(null)} />;
  return { invite, revoke, busyId, dialog };
}
