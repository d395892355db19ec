import { IntegrationsScreen } from '../../features/integrations/IntegrationsScreen';

export function AdminIntegrationsPage() {
  return <IntegrationsScreen />;
}
