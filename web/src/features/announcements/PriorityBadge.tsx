import type { Priority } from '@kpi/contracts';
import { Badge, type BadgeTone } from '../../components/ui';

// SPEC §4: urgent, high and medium have their own styling; anything else is gray.
const tones: Partial<Record<Priority, BadgeTone>> = { urgent: 'red', high: 'amber', medium: 'sky' };

/** The priority in upper case (SPEC §2). */
export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge tone={tones[priority as Priority] ?? 'gray'} className="uppercase tracking-wide">
      {priority.toUpperCase()}
    </Badge>
  );
}
