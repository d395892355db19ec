import type { User } from '@kpi/contracts';
import { useId } from 'react';
import { ActiveBadge, Badge, Button, Card, CardFooter, type BadgeTone } from '../../components/ui';
import { AwardIcon, BuildingIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { companyNameOf } from '../../session/homePath';

interface UserCardProps {
  user: User;
  showCompany?: boolean;
  /** Given: an 'Award badge' action on the card (executives, for their admin). */
  onAward?: (user: User) => void;
  /** Given: the card offers to send, resend or withdraw an invitation to choose a password. */
  onInvite?: (user: User) => void;
  onRevokeInvitation?: (user: User) => void;
  /** An invitation call for this card is running. */
  inviting?: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  deleting: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join('');

/** Where the person stands with signing in; 'active' needs no word beside the Active badge. */
const SIGN_IN_BADGE: Record<Exclude<NonNullable<User['signIn']>, 'active'>, { tone: BadgeTone; label: string }> = {
  invited: { tone: 'sky', label: 'Invited' },
  expired: { tone: 'amber', label: 'Invitation expired' },
  'not-invited': { tone: 'gray', label: 'Not invited yet' },
};

/** An admin or executive card: name, department, contact, company, status and created date. */
export function UserCard({ user, showCompany = false, onAward, onInvite, onRevokeInvitation, inviting = false, onEdit, onDelete, deleting }: UserCardProps) {
  const titleId = useId();
  const signIn = user.signIn && user.signIn !== 'active' ? SIGN_IN_BADGE[user.signIn] : null;
  const canInvite = onInvite && user.isActive && user.signIn !== undefined;
  return (
    <Card className="flex flex-col p-5 transition-shadow hover:shadow-md">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <div aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">
              {initials(user.name) || '?'}
            </div>
            <div className="min-w-0">
              <h3 id={titleId} className="truncate text-base font-semibold text-slate-900">
                {user.name}
              </h3>
              <p className="truncate text-sm text-slate-500">{user.department}</p>
            </div>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <ActiveBadge active={user.isActive} />
            {signIn && <Badge tone={signIn.tone}>{signIn.label}</Badge>}
          </div>
        </div>
        <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-600">
          <li className="flex items-center gap-2">
            <MailIcon className="h-4 w-4 shrink-0 text-slate-400" />
            <span className="truncate">{user.email}</span>
          </li>
          <li className="flex items-center gap-2">
            <PhoneIcon className="h-4 w-4 shrink-0 text-slate-400" />
            <span className="truncate">{user.phoneNumber || '—'}</span>
          </li>
          {showCompany && (
            <li className="flex items-center gap-2">
              <BuildingIcon className="h-4 w-4 shrink-0 text-slate-400" />
              <span className="truncate">{companyNameOf(user) ?? 'No company'}</span>
            </li>
          )}
        </ul>
        {(onAward || canInvite) && (
          <div className="mt-4 flex flex-wrap gap-2">
            {onAward && (
              <Button size="sm" variant="secondary" icon={<AwardIcon className="h-3.5 w-3.5 text-amber-500" />} onClick={() => onAward(user)}>
                Award badge
              </Button>
            )}
            {canInvite && user.signIn !== 'active' && (
              <Button size="sm" variant="secondary" icon={<MailIcon className="h-3.5 w-3.5 text-indigo-500" />} disabled={inviting} onClick={() => onInvite(user)}>
                {user.signIn === 'not-invited' ? 'Send invitation' : 'Resend invitation'}
              </Button>
            )}
            {canInvite && user.signIn === 'invited' && onRevokeInvitation && (
              <Button size="sm" variant="secondary" disabled={inviting} onClick={() => onRevokeInvitation(user)}>
                Withdraw invitation
              </Button>
            )}
          </div>
        )}
        <CardFooter createdAt={user.createdAt} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} deleting={deleting} />
      </article>
    </Card>
  );
}
