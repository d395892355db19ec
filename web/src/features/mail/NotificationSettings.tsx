import { MAIL_KINDS, type MailKind, type MailMode, type MailPreferences } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button, Card, SectionSpinner, SelectField, TextField } from '../../components/ui';
import { BellIcon } from '../notifications/BellIcon';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { mailApi } from './api';
import { desktopPermission, enableDesktopNotifications, type DesktopPermission } from './desktopNotifications';

const MODE_LABELS: Record<MailMode, string> = { off: 'Off', instant: 'Instant email', digest: 'Daily digest' };

/**
 * The profile's "Notifications" section: per kind of email, off / instant / daily digest, the digest's time in
 * the company's zone, and the button that asks the browser for desktop notifications (never asked on load).
 */
export function NotificationSettings() {
  const [prefs, setPrefs] = useState<MailPreferences | null>(null);
  const [draft, setDraft] = useState<MailPreferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);

  useEffect(() => {
    let live = true;
    mailApi.preferences().then(
      (loaded) => {
        if (!live) return;
        setPrefs(loaded);
        setDraft(loaded);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const saved = await mailApi.savePreferences({ modes: draft.modes, digestTime: draft.digestTime });
      setPrefs(saved);
      setDraft(saved);
      toast.success('Notification preferences saved');
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, 'Failed to save notification preferences'));
    } finally {
      setSaving(false);
    }
  };

  const kinds = draft ? (Object.keys(draft.modes) as MailKind[]) : [];
  const changed = JSON.stringify(prefs) !== JSON.stringify(draft);
  return (
    <Card className="p-6">
      <h3 className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900">
        <BellIcon className="h-5 w-5 text-indigo-600" /> Notifications
      </h3>
      <p className="mb-4 text-sm text-slate-500">What we email you, and when.</p>
      {failed && <p className="text-sm text-red-600">Could not load your notification preferences.</p>}
      {!failed && !draft && <SectionSpinner />}
      {draft && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {kinds.map((kind) => (
              <SelectField
                key={kind}
                label={MAIL_KINDS[kind].label}
                value={draft.modes[kind]}
                onChange={(e) => setDraft({ ...draft, modes: { ...draft.modes, [kind]: e.target.value as MailMode } })}
              >
                {(Object.keys(MODE_LABELS) as MailMode[]).map((mode) => (
                  <option key={mode} value={mode}>
                    {MODE_LABELS[mode]}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <TextField
            label="Daily digest time"
            fieldClassName="sm:max-w-xs"
            type="time"
            required
            value={draft.digestTime}
            hint={`Your company's time zone (${draft.timeZone}). Sent only when something happened.`}
            onChange={(e) => setDraft({ ...draft, digestTime: e.target.value })}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <DesktopButton permission={permission} onAsk={() => void enableDesktopNotifications().then(setPermission)} />
            <Button type="submit" disabled={saving || !changed}>
              {saving ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function DesktopButton({ permission, onAsk }: { permission: DesktopPermission; onAsk: () => void }) {
  if (permission === 'unsupported') return <p className="text-sm text-slate-500">This browser cannot show desktop notifications.</p>;
  if (permission === 'granted') return <p className="text-sm text-emerald-700">Desktop notifications are on for this browser.</p>;
  if (permission === 'denied') return <p className="text-sm text-slate-500">Desktop notifications are blocked in this browser's settings.</p>;
  return (
    <Button type="button" variant="secondary" onClick={onAsk}>
      Enable desktop notifications
    </Button>
  );
}
