import { PageHeader } from '../../components/ui';

/** Placeholder: the screen is built by another engineer (SPEC §2). */
export function AdminStatsPage() {
  return <PageHeader title="Company Statistics" />;
}
