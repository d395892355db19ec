import type { Priority } from '@kpi/contracts';
import { Badge, type BadgeTone } from '../../components/ui';

// docs/product.md#business-rules-and-constants: urgent, high and medium have their own styling; anything else is gray.
const tones: Partial<Record<Priority, BadgeTone>> = { urgent: 'red', high: 'amber', medium: 'sky' };

/** The priority in upper case (docs/product.md#executive). */
export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge tone={tones[priority as Priority] ?? 'gray'} className="uppercase tracking-wide">
      {priority.toUpperCase()}
    </Badge>
  );
}
