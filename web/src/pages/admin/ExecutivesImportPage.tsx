import { ImportFlow } from '../../features/imports/ImportFlow';

/** /admin/executives/import: the company's executives from a CSV file (docs/imports.md). */
export function ExecutivesImportPage() {
  return <ImportFlow kind="executives" backHref="/admin/executives" />;
}
