import { useEffect } from 'react';
import { store } from '../../lib/store';
import { onEvent, onResync } from '../../lib/socket';
import { applyAuditEntry, loadAudit } from './actions';
import { auditStatusAtom } from './atoms';

/** audit.recorded (to the company's admins, and to the superadmin) puts each new entry on top of the open list. */
export function AuditRealtimeEffect() {
  useEffect(() => {
    const offs = [
      onEvent('audit.recorded', ({ payload }) => applyAuditEntry(payload.entry)),
      onResync(() => {
        if (store.get(auditStatusAtom) !== 'idle') void loadAudit({ quiet: true });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
