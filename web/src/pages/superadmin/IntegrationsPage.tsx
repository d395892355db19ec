import { IntegrationsScreen } from '../../features/integrations/IntegrationsScreen';

export function IntegrationsPage() {
  return <IntegrationsScreen allCompanies />;
}
