import type { Company } from '@kpi/contracts';
import { Button, Card, CardFooter } from '../../components/ui';
import { BuildingIcon, ShieldIcon } from '../../components/ui/icons';

interface CompanyCardProps {
  company: Company;
  onEdit: (company: Company) => void;
  /** Given: a "Sign-in" action opening the company's single sign-on settings. */
  onSignIn?: (company: Company) => void;
  onDelete: (company: Company) => void;
  deleting: boolean;
}

export function CompanyCard({ company, onEdit, onSignIn, onDelete, deleting }: CompanyCardProps) {
  return (
    <Card className="flex flex-col p-5 transition-shadow hover:shadow-md">
      <article className="flex flex-1 flex-col">
        <div className="flex items-start gap-3">
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
            <BuildingIcon />
          </div>
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold text-slate-900">{company.name}</h3>
            <p className="truncate text-sm text-indigo-600">{company.industry}</p>
          </div>
        </div>
        <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-600">{company.description}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-center">
          <div>
            <dt className="text-xs text-slate-500">Admins</dt>
            <dd className="text-lg font-semibold text-slate-900">{company.adminCount ?? 0}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Executives</dt>
            <dd className="text-lg font-semibold text-slate-900">{company.executiveCount ?? 0}</dd>
          </div>
        </dl>
        {onSignIn && (
          <div className="mt-4">
            <Button size="sm" variant="secondary" icon={<ShieldIcon className="h-3.5 w-3.5 text-indigo-500" />} onClick={() => onSignIn(company)}>
              Sign-in settings
            </Button>
          </div>
        )}
        <CardFooter createdAt={company.createdAt} onEdit={() => onEdit(company)} onDelete={() => onDelete(company)} deleting={deleting} />
      </article>
    </Card>
  );
}
