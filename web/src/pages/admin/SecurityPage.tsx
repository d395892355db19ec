import { useAtomValue } from '../../lib/store';
import { Card, Detail, PageHeader, RoleBadge } from '../../components/ui';
import { ShieldIcon, UserIcon } from '../../components/ui/icons';
import { NotificationSettings } from '../../features/mail/NotificationSettings';
import { ChangePasswordForm } from '../../features/account/ChangePasswordForm';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf, companyNameOf } from '../../session/homePath';
import { SignInSettings } from '../../features/sso/SignInSettings';

/** Security (admin): account details, the change-password form, email notifications and the company's sign-in settings. */
export function SecurityPage() {
  const user = useAtomValue(sessionUserAtom);
  if (!user) return null;
  const companyId = companyIdOf(user);
  return (
    <>
      <PageHeader title="Security Settings" subtitle="Your account details and password." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h3 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
            <UserIcon className="h-5 w-5 text-indigo-600" /> Account Details
          </h3>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Name">{user.name}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Company">{companyNameOf(user) ?? '—'}</Detail>
            <Detail label="Role">
              <RoleBadge role={user.role} />
            </Detail>
          </dl>
        </Card>
        <Card className="p-6">
          <h3 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
            <ShieldIcon className="h-5 w-5 text-indigo-600" /> Change Password
          </h3>
          <ChangePasswordForm />
        </Card>
        <div className="lg:col-span-2">
          <NotificationSettings />
        </div>
        {companyId && (
          <Card className="p-6 lg:col-span-2">
            <h3 className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
              <ShieldIcon className="h-5 w-5 text-indigo-600" /> Sign-in: single sign-on
            </h3>
            <SignInSettings companyId={companyId} />
          </Card>
        )}
      </div>
    </>
  );
}
