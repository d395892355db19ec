import { ImportFlow } from '../../features/imports/ImportFlow';

/** /superadmin/admins/import: a company's admins from a CSV file (docs/imports.md). */
export function AdminsImportPage() {
  return <ImportFlow kind="admins" backHref="/superadmin/admins" />;
}
