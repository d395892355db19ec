import type { WallDisplay as WallDisplayView } from '@kpi/contracts';
import type { WallDisplay } from './wall-display.entity';

export const toWallDisplayView = (d: WallDisplay): WallDisplayView => ({
  _id: d.id,
  name: d.name,
  company: d.company.id,
  createdAt: d.createdAt.toISOString(),
  lastSeenAt: d.lastSeenAt?.toISOString() ?? null,
});
