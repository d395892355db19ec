import type { User } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../lib/store';
import { Button, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { PlusIcon, UsersIcon } from '../../components/ui/icons';
import { useDeletion } from '../../components/deletion';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { UserCard } from '../users/UserCard';
import { UserForm } from '../users/UserForm';
import { useInvitations } from '../users/useInvitations';
import { AwardBadgeDialog } from '../badges/AwardBadgeDialog';
import { deleteExecutive, loadExecutives, loadMoreExecutives } from './actions';
import { executivesPage, executivesStatusAtom, sortedExecutivesAtom } from './atoms';
import { ExecutiveSearchField } from './ExecutiveSearchField';
import { searchSummary, useExecutiveSearch } from './useExecutiveSearch';

/** Executive Management (admin): the company's executives, add/edit modal with an Active switch, deletion. */
export function ExecutiveList() {
  const user = useAtomValue(sessionUserAtom);
  const companyId = user?.role === 'admin' ? companyIdOf(user) : null;
  const executives = useAtomValue(sortedExecutivesAtom);
  const status = useAtomValue(executivesStatusAtom);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  // A company may have a thousand executives and the screen loads fifty at a time: a search asks the server.
  const [text, setText] = useState('');
  const [searchVersion, setSearchVersion] = useState(0);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this executive?', (executive: User) =>
    companyId ? deleteExecutive(executive, companyId).then(() => setSearchVersion((v) => v + 1)) : Promise.resolve(),
  );
  const [awarding, setAwarding] = useState<User | null>(null);
  const invitations = useInvitations(() => {
    if (companyId) void loadExecutives(companyId, { quiet: true });
    setSearchVersion((v) => v + 1);
  });
  const search = useExecutiveSearch(companyId, text, searchVersion);
  const searching = search.status !== 'idle';
  const shown = search.status === 'ready' ? search.matches : executives;
  const summary = searchSummary(search);

  useEffect(() => {
    // Only an admin with a company loads the list (docs/product.md#roles).
    if (companyId) void loadExecutives(companyId);
  }, [companyId]);

  const navigate = useNavigate();
  const addButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setEditing(null)} disabled={!companyId}>
      Add Executive
    </Button>
  );
  // Many at once from a spreadsheet (docs/imports.md).
  const importButton = (
    <Button variant="secondary" onClick={() => void navigate('/admin/executives/import')} disabled={!companyId}>
      Import CSV
    </Button>
  );

  const searchField = (
    <div className="mb-5 max-w-md">
      <ExecutiveSearchField label="Search executives" text={text} onText={setText} hint={<span role="status">{summary}</span>} />
    </div>
  );
  const cards = (
    <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {shown.map((executive) => (
        <UserCard
          key={executive._id}
          user={executive}
          onAward={setAwarding}
          onInvite={invitations.invite}
          onRevokeInvitation={invitations.revoke}
          inviting={invitations.busyId === executive._id}
          onEdit={setEditing}
          onDelete={remove}
          deleting={deletingId === executive._id}
        />
      ))}
    </div>
  );

  return (
    <section aria-labelledby="executives-heading">
      <PageHeader
        title={<span id="executives-heading">Executive Management</span>}
        subtitle="The executives of your company."
        actions={
          <>
            {importButton}
            {addButton}
          </>
        }
      />
      {companyId && status === 'ready' && (executives.length > 0 || searching) && searchField}
      {!companyId ? (
        <EmptyState icon={<UsersIcon />} title={<span className="font-semibold text-slate-900">No company assigned to your account</span>} />
      ) : status === 'loading' || status === 'idle' || search.status === 'loading' ? (
        <SectionSpinner />
      ) : searching ? (
        // What the search found; the field's hint says how many, or that nothing matched.
        shown.length > 0 && cards
      ) : executives.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={<span className="font-semibold text-slate-900">No executives found</span>}
          description="Add your first executive to start assigning tasks."
          action={status === 'error' ? <Button variant="secondary" onClick={() => void loadExecutives(companyId)}>Try Again</Button> : addButton}
        />
      ) : (
        cards
      )}
      {companyId && status === 'ready' && !searching && <LoadMoreFor state={executivesPage} onLoad={() => void loadMoreExecutives(companyId)} />}
      {invitations.dialog}
      {awarding && <AwardBadgeDialog executive={awarding} onClose={() => setAwarding(null)} />}
      {editing !== undefined && companyId && (
        <UserForm
          kind="executive"
          user={editing}
          companyId={companyId}
          onClose={() => setEditing(undefined)}
          onSaved={(created) => {
            void loadExecutives(companyId, { quiet: true });
            setSearchVersion((v) => v + 1);
            if (created && created.signIn === 'not-invited') invitations.invite(created);
          }}
        />
      )}
    </section>
  );
}
