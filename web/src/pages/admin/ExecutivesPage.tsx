import { ExecutiveList } from '../../features/executives/ExecutiveList';

export function ExecutivesPage() {
  return <ExecutiveList />;
}
