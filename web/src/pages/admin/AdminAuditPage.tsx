import { AuditScreen } from '../../features/audit/AuditScreen';

export function AdminAuditPage() {
  return <AuditScreen />;
}
