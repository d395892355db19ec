import type { Company } from '@kpi/contracts';
import { Button, Card } from '../../components/ui';
import { BuildingIcon, CalendarIcon, PencilIcon, TrashIcon } from '../../components/ui/icons';
import { formatDate } from '../../lib/format';

interface CompanyCardProps {
  company: Company;
  onEdit: (company: Company) => void;
  onDelete: (company: Company) => void;
  deleting: boolean;
}

export function CompanyCard({ company, onEdit, onDelete, deleting }: CompanyCardProps) {
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
        <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
          <span className="flex items-center gap-1.5 text-xs text-slate-500">
            <CalendarIcon className="h-4 w-4" />
            Created {formatDate(company.createdAt)}
          </span>
          <span className="flex gap-2">
            <Button size="sm" variant="secondary" icon={<PencilIcon className="h-3.5 w-3.5" />} onClick={() => onEdit(company)}>
              Edit
            </Button>
            <Button size="sm" variant="danger" icon={<TrashIcon className="h-3.5 w-3.5" />} loading={deleting} onClick={() => onDelete(company)}>
              Delete
            </Button>
          </span>
        </div>
      </article>
    </Card>
  );
}
