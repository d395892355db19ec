import type { User } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { store, useAtomValue } from '../../lib/store';
import { Button, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { PlusIcon, UsersIcon } from '../../components/ui/icons';
import { useDeletion } from '../../components/deletion';
import { loadCompanies } from '../companies/actions';
import { companiesStatusAtom, sortedCompaniesAtom } from '../companies/atoms';
import { UserCard } from '../users/UserCard';
import { UserForm } from '../users/UserForm';
import { useInvitations } from '../users/useInvitations';
import { deleteAdmin, loadAdmins, loadMoreAdmins } from './actions';
import { adminsPage, adminsStatusAtom, sortedAdminsAtom } from './atoms';

/** Admin Management (superadmin): admin cards, add/edit modal with a company select, deletion. */
export function AdminList() {
  const admins = useAtomValue(sortedAdminsAtom);
  const status = useAtomValue(adminsStatusAtom);
  const companies = useAtomValue(sortedCompaniesAtom);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this admin?', deleteAdmin);
  const invitations = useInvitations(() => void loadAdmins({ quiet: true }));

  useEffect(() => {
    void loadAdmins();
    // The form's company select needs the list; it may already be loaded from the Companies tab.
    if (store.get(companiesStatusAtom) !== 'ready') void loadCompanies();
  }, []);

  const navigate = useNavigate();
  const addButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setEditing(null)}>
      Add Admin
    </Button>
  );

  return (
    <section aria-labelledby="admins-heading">
      <PageHeader
        title={<span id="admins-heading">Admin Management</span>}
        subtitle="Company administrators and their access."
        actions={
          <>
            {/* Many at once from a spreadsheet (docs/imports.md). */}
            <Button variant="secondary" onClick={() => void navigate('/superadmin/admins/import')}>
              Import CSV
            </Button>
            {addButton}
          </>
        }
      />
      {status === 'loading' || status === 'idle' ? (
        <SectionSpinner />
      ) : admins.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={
            <>
              <span className="font-semibold text-slate-900">No admins found</span> - Get started by adding your first admin.
            </>
          }
          action={status === 'error' ? <Button variant="secondary" onClick={() => void loadAdmins()}>Try Again</Button> : addButton}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {admins.map((admin) => (
            <UserCard
              key={admin._id}
              user={admin}
              showCompany
              onInvite={invitations.invite}
              onRevokeInvitation={invitations.revoke}
              inviting={invitations.busyId === admin._id}
              onEdit={setEditing}
              onDelete={remove}
              deleting={deletingId === admin._id}
            />
          ))}
        </div>
      )}
      {status === 'ready' && <LoadMoreFor state={adminsPage} onLoad={() => void loadMoreAdmins()} />}
      {invitations.dialog}
      {editing !== undefined && (
        <UserForm
          kind="admin"
          user={editing}
          companies={companies}
          onClose={() => setEditing(undefined)}
          onSaved={(created) => {
            void loadAdmins({ quiet: true });
            if (created && created.signIn === 'not-invited') invitations.invite(created);
          }}
        />
      )}
    </section>
  );
}
