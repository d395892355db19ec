import type { Company, CreateUserRequest, UpdateUserRequest, User } from '@kpi/contracts';
import { useRef, useState } from 'react';
import { FormModal, SelectField, TextField, ToggleField } from '../../components/ui';
import { companyIdOf } from '../../session/homePath';
import { usersApi } from './api';

type Kind = 'admin' | 'executive';
const LABEL: Record<Kind, string> = { admin: 'Admin', executive: 'Executive' };

interface UserFormProps {
  kind: Kind;
  /** null: create. */
  user: User | null;
  /** Admins: the companies to choose from. Executives: omitted, `companyId` is used. */
  companies?: Company[];
  /** Executives: the admin's own company. */
  companyId?: string | null;
  onClose: () => void;
  /** `created`: the person just added (null after an edit). */
  onSaved: (created: User | null) => void;
}

/** Add or edit an admin (superadmin) or an executive (admin). The role is fixed by `kind`. */
export function UserForm({ kind, user, companies, companyId, onClose, onSaved }: UserFormProps) {
  const label = LABEL[kind];
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [department, setDepartment] = useState(user?.department ?? '');
  const [phoneNumber, setPhoneNumber] = useState(user?.phoneNumber ?? '');
  const [company, setCompany] = useState(kind === 'admin' ? (companyIdOf(user) ?? '') : (companyId ?? ''));
  const [password, setPassword] = useState('');
  // The create form sets a temporary password (docs/product.md#validation-messages); an invitation lets the person choose their own (docs/invitations.md).
  const [invite, setInvite] = useState(false);
  const [isActive, setIsActive] = useState(user?.isActive ?? true);
  const created = useRef<User | null>(null);

  const save = async (): Promise<string> => {
    const fields = {
      name: name.trim(),
      email: email.trim(),
      department: department.trim(),
      phoneNumber: phoneNumber.trim(),
      role: kind,
      company: company || null,
    } as const;
    if (user) {
      const body: UpdateUserRequest = { ...fields, isActive };
      await usersApi.update(user._id, body);
      return `${label} updated successfully`;
    }
    const body: CreateUserRequest = invite ? fields : { ...fields, password };
    // A person made without a password is waiting for the invitation the list sends next.
    created.current = { ...(await usersApi.create(body)), ...(invite ? { signIn: 'not-invited' as const } : {}) };
    return `${label} created successfully`;
  };

  return (
    <FormModal
      title={user ? `Edit ${label}` : `Add ${label}`}
      onClose={onClose}
      submitLabel={user ? `Update ${label}` : `Create ${label}`}
      onSubmit={save}
      onSaved={() => onSaved(created.current)}
    >
      <TextField label="Full Name" required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} placeholder="Jane Doe" />
      <TextField label="Email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="jane@company.com" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Department" required value={department} onChange={(e) => setDepartment(e.target.value)} placeholder="Operations" />
        <TextField label="Phone Number" type="tel" required value={phoneNumber} onChange={(e) => setPhoneNumber(e.target.value)} placeholder="+1 555 0100" />
      </div>
      {kind === 'admin' && (
        <SelectField label="Company" required value={company} onChange={(e) => setCompany(e.target.value)}>
          <option value="">Select a company</option>
          {(companies ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
      {user ? (
        <ToggleField label="Active" hint={`Inactive ${kind}s cannot sign in.`} checked={isActive} onChange={setIsActive} />
      ) : (
        <>
          <ToggleField
            label="Invite them to choose their own password"
            hint="You get a link to pass on (mailed too, when email is set up); it works once, for 72 hours."
            checked={invite}
            onChange={setInvite}
          />
          {!invite && (
            <TextField
              label="Temporary Password"
              type="password"
              required
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint={`${label} will be required to change this`}
            />
          )}
        </>
      )}
    </FormModal>
  );
}
