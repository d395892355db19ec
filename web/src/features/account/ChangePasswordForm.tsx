import { changePasswordSchema, MIN_PASSWORD_LENGTH } from '@kpi/contracts';
import { useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, TextField } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formProblem } from '../../lib/formProblem';
import { changePassword } from '../../session/session';

/** The one change-password form: the Security tab shows it inline, the profile and banner in a modal. */
export function ChangePasswordForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The new password's rules are the contract's; the two entries matching is this form's own check.
    const problem = formProblem(changePasswordSchema.pick({ newPassword: true }), { newPassword });
    if (problem) {
      toast.error(problem.message);
      return;
    }
    if (newPassword !== confirmPassword) {
      toast.error('New passwords do not match');
      return;
    }
    setSaving(true);
    try {
      await changePassword(currentPassword, newPassword);
      toast.success('Password changed successfully');
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change password'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <div className="flex justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {saving ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
