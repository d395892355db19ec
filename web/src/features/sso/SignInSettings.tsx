import type { GroupRole, SsoSettings } from '@kpi/contracts';
import { useEffect, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, SectionSpinner, SelectField, TextField, ToggleField, confirmAction } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { ssoApi } from './api';

interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  groupsClaim: string;
  groupRoles: GroupRole[];
  createOnFirstSignIn: boolean;
  ssoRequired: boolean;
}

const draftOf = (s: SsoSettings | null): Draft => ({
  issuer: s?.issuer ?? '',
  clientId: s?.clientId ?? '',
  clientSecret: '',
  domains: s?.domains.join(', ') ?? '',
  groupsClaim: s?.groupsClaim ?? 'groups',
  groupRoles: s?.groupRoles ?? [],
  createOnFirstSignIn: s?.createOnFirstSignIn ?? false,
  ssoRequired: s?.ssoRequired ?? false,
});

/**
 * A company's "Sign-in" settings: its OpenID Connect provider, the email domains that belong to it, how its
 * groups map to roles (admin or executive only), first sign-in and "SSO required" (docs/single-sign-on.md).
 */
export function SignInSettings({ companyId }: { companyId: string }) {
  const [loaded, setLoaded] = useState<{ settings: SsoSettings | null; redirectUri: string } | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => {
    ssoApi
      .get(companyId)
      .then((res) => {
        setLoaded(res);
        setDraft(draftOf(res.settings));
      })
      .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to load the sign-in settings')));
  }, [companyId]);

  if (!loaded) return <SectionSpinner />;

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      const res = await ssoApi.save(companyId, {
        issuer: draft.issuer.trim(),
        clientId: draft.clientId.trim(),
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
        domains: draft.domains.split(/[\s,]+/).filter(Boolean),
        groupsClaim: draft.groupsClaim.trim() || 'groups',
        groupRoles: draft.groupRoles.filter((g) => g.group.trim()),
        createOnFirstSignIn: draft.createOnFirstSignIn,
        ssoRequired: draft.ssoRequired,
      });
      setLoaded(res);
      setDraft(draftOf(res.settings));
      toast.success('Sign-in settings saved');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the sign-in settings'));
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setTested(null);
    try {
      const res = await ssoApi.test(companyId, draft.issuer.trim());
      setTested(`${res.message}. PKCE (S256): ${res.pkce ? 'yes' : 'no'}. Sign-out at the provider: ${res.endSession ? 'yes' : 'no'}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The connection test failed'));
    } finally {
      setTesting(false);
    }
  };

  const turnOff = async () => {
    if (!confirmAction('Turn off single sign-on? People sign in with their passwords again (those who have one).')) return;
    try {
      const res = await ssoApi.remove(companyId);
      toast.success(res?.message ?? 'Single sign-on turned off');
      setLoaded({ settings: null, redirectUri: loaded.redirectUri });
      setDraft(draftOf(null));
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to turn off single sign-on'));
    }
  };

  const roleRows = draft.groupRoles.map((row, i) => (
    <div key={i} className="flex items-end gap-2">
      <TextField
        label={`Group ${i + 1}`}
        fieldClassName="flex-1"
        value={row.group}
        onChange={(e) => set({ groupRoles: draft.groupRoles.map((r, j) => (j === i ? { ...r, group: e.target.value } : r)) })}
        placeholder="kpi-admins"
      />
      <SelectField
        label={`Role for group ${i + 1}`}
        value={row.role}
        onChange={(e) => set({ groupRoles: draft.groupRoles.map((r, j) => (j === i ? { ...r, role: e.target.value as GroupRole['role'] } : r)) })}
      >
        <option value="executive">executive</option>
        <option value="admin">admin</option>
      </SelectField>
      <Button variant="secondary" onClick={() => set({ groupRoles: draft.groupRoles.filter((_, j) => j !== i) })}>
        Remove
      </Button>
    </div>
  ));

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-5">
      <p className="text-sm text-slate-600">
        Let your people sign in through your identity provider (OpenID Connect). Register this return address at the provider:{' '}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{loaded.redirectUri}</code>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Issuer URL" type="url" required value={draft.issuer} onChange={(e) => set({ issuer: e.target.value })} placeholder="https://login.example.com" />
        <TextField label="Client ID" required value={draft.clientId} onChange={(e) => set({ clientId: e.target.value })} />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="new-password"
          required={!loaded.settings?.clientSecretSet}
          value={draft.clientSecret}
          onChange={(e) => set({ clientSecret: e.target.value })}
          hint={loaded.settings?.clientSecretSet ? 'Saved (never shown). Leave empty to keep it.' : 'Stored encrypted; never shown again.'}
        />
        <TextField
          label="Email domains"
          required
          value={draft.domains}
          onChange={(e) => set({ domains: e.target.value })}
          placeholder="example.com, example.org"
          hint="People with these addresses are sent to this provider."
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Group → role</legend>
        <p className="text-xs text-slate-500">
          Groups from the provider&apos;s <code>{draft.groupsClaim}</code> claim. Admin wins; with no executive group, everyone the provider lets in is an
          executive. No group ever makes a superadmin.
        </p>
        {roleRows}
        <Button variant="secondary" size="sm" onClick={() => set({ groupRoles: [...draft.groupRoles, { group: '', role: 'executive' }] })}>
          Add a group
        </Button>
      </fieldset>
      <ToggleField
        label="Create on first sign-in"
        hint="Someone the provider lets in who has no account yet gets one, with the role their groups give."
        checked={draft.createOnFirstSignIn}
        onChange={(v) => set({ createOnFirstSignIn: v })}
      />
      <ToggleField
        label="SSO required"
        hint="Passwords are refused for this company's people. The superadmin always keeps a password."
        checked={draft.ssoRequired}
        onChange={(v) => set({ ssoRequired: v })}
      />
      {tested && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-600/20">
          {tested}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {loaded.settings && (
          <Button variant="secondary" onClick={() => void turnOff()}>
            Turn off single sign-on
          </Button>
        )}
        <Button variant="secondary" loading={testing} disabled={!draft.issuer.trim()} onClick={() => void test()}>
          Test the connection
        </Button>
        <Button type="submit" loading={saving}>
          Save sign-in settings
        </Button>
      </div>
    </form>
  );
}
