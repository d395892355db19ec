import { useEffect } from 'react';
import { useAtomValue } from '../../lib/store';
import { SectionSpinner } from '../../components/ui';
import { AwardIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/format';
import { loadMyBadges } from './actions';
import { myBadgesAtom, myBadgesStatusAtom } from './atoms';

export function BadgeList({ userId }: { userId: string }) {
  const badges = useAtomValue(myBadgesAtom);
  const status = useAtomValue(myBadgesStatusAtom);

  useEffect(() => {
    void loadMyBadges(userId);
  }, [userId]);

  if (status === 'idle' || status === 'loading') return <SectionSpinner />;
  if (badges.length === 0) {
    return (
      <div className="flex flex-col items-center py-10 text-center">
        <div className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-500">
          <AwardIcon />
        </div>
        <p className="text-sm font-medium text-slate-600">No badges earned yet</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {badges.map((userBadge) => (
        <li key={userBadge._id} className="flex items-start gap-3 rounded-xl border border-amber-100 bg-amber-50/60 p-4">
          <span className="text-2xl leading-none" aria-hidden="true">
            {userBadge.badge.icon}
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{userBadge.badge.name}</p>
            <p className="text-sm text-slate-600">{userBadge.badge.description}</p>
            {userBadge.reason && <p className="mt-1 break-words text-sm text-slate-700">{userBadge.reason}</p>}
            <p className="mt-1 text-xs text-slate-500">Earned {formatDate(userBadge.awardedAt)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
