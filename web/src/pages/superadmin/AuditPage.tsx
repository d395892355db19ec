import { AuditScreen } from '../../features/audit/AuditScreen';

export function AuditPage() {
  return <AuditScreen allCompanies />;
}
