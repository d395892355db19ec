import type { Company } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import { useAtomValue } from '../../lib/store';
import { Button, EmptyState, Modal, PageHeader, SectionSpinner } from '../../components/ui';
import { SignInSettings } from '../sso/SignInSettings';
import { BuildingIcon, PlusIcon } from '../../components/ui/icons';
import { useDeletion } from '../../components/deletion';
import { deleteCompany, loadCompanies } from './actions';
import { companiesStatusAtom, sortedCompaniesAtom } from './atoms';
import { CompanyCard } from './CompanyCard';
import { CompanyForm } from './CompanyForm';

/** Company Management: the grid, the add/edit modal and deletion. */
export function CompanyList() {
  const companies = useAtomValue(sortedCompaniesAtom);
  const status = useAtomValue(companiesStatusAtom);
  // undefined: closed; null: create; a company: edit it.
  const [editing, setEditing] = useState<Company | null | undefined>(undefined);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this company?', deleteCompany);
  const [signIn, setSignIn] = useState<Company | null>(null);

  useEffect(() => {
    void loadCompanies();
  }, []);

  const addButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setEditing(null)}>
      Add Company
    </Button>
  );

  return (
    <section aria-labelledby="companies-heading">
      <PageHeader title={<span id="companies-heading">Company Management</span>} subtitle="Create and manage the companies on the platform." actions={addButton} />
      {status === 'loading' || status === 'idle' ? (
        <SectionSpinner />
      ) : companies.length === 0 ? (
        <EmptyState
          icon={<BuildingIcon />}
          title={
            <>
              <span className="font-semibold text-slate-900">No companies found</span> - Get started by adding your first company.
            </>
          }
          action={status === 'error' ? <Button variant="secondary" onClick={() => void loadCompanies()}>Try Again</Button> : addButton}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {companies.map((company) => (
            <CompanyCard key={company._id} company={company} onEdit={setEditing} onSignIn={setSignIn} onDelete={remove} deleting={deletingId === company._id} />
          ))}
        </div>
      )}
      {signIn && (
        <Modal title={`Sign-in: ${signIn.name}`} size="lg" onClose={() => setSignIn(null)}>
          <SignInSettings companyId={signIn._id} />
        </Modal>
      )}
      {editing !== undefined && <CompanyForm company={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
