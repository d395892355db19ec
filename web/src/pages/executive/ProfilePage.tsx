import { useState } from 'react';
import { useAtomValue } from '../../lib/store';
import { Button, Card, Detail, PageHeader, RoleBadge } from '../../components/ui';
import { AwardIcon, ShieldIcon, UserIcon } from '../../components/ui/icons';
import { BadgeList } from '../../features/badges/BadgeList';
import { NotificationSettings } from '../../features/mail/NotificationSettings';
import { ChangePasswordModal } from '../../features/account/ChangePasswordModal';
import { sessionUserAtom } from '../../session/atoms';
import { companyNameOf } from '../../session/homePath';
import { formatDate } from '../../lib/format';

/** My Profile (executive): details, badges, email notifications and the change-password modal. The forced-change banner is in the shell. */
export function ProfilePage() {
  const user = useAtomValue(sessionUserAtom);
  const [changing, setChanging] = useState(false);
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="My Profile"
        subtitle="Your details and achievements."
        actions={
          <Button variant="secondary" icon={<ShieldIcon className="h-4 w-4" />} onClick={() => setChanging(true)}>
            Change Password
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-1">
          <div className="mb-5 flex items-center gap-3">
            <div className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-600 text-white">
              <UserIcon />
            </div>
            <div className="min-w-0">
              <h3 className="truncate text-lg font-semibold text-slate-900">{user.name}</h3>
              <RoleBadge role={user.role} />
            </div>
          </div>
          <dl className="space-y-4">
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Department">{user.department || '—'}</Detail>
            <Detail label="Phone">{user.phoneNumber || '—'}</Detail>
            <Detail label="Company">{companyNameOf(user) ?? '—'}</Detail>
            <Detail label="Role">{user.role}</Detail>
            <Detail label="Member Since">{formatDate(user.createdAt)}</Detail>
          </dl>
        </Card>
        <Card className="p-6 lg:col-span-2">
          <h3 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
            <AwardIcon className="h-5 w-5 text-amber-500" /> My Badges
          </h3>
          <BadgeList userId={user._id} />
        </Card>
        <div className="lg:col-span-3">
          <NotificationSettings />
        </div>
      </div>
      {changing && <ChangePasswordModal onClose={() => setChanging(false)} />}
    </>
  );
}
