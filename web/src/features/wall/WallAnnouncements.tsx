import type { Announcement, Priority } from '@kpi/contracts';
import { cx } from '../../components/ui';

const priorityTone: Record<Priority, string> = {
  urgent: 'text-rose-300',
  high: 'text-amber-300',
  medium: 'text-sky-300',
  low: 'text-slate-400',
};

/** The pinned announcements beside the board, newest first; those that do not fit fade out at the bottom. */
export function WallAnnouncements({ announcements, className }: { announcements: readonly Announcement[]; className?: string }) {
  return (
    <aside aria-labelledby="wall-pinned" className={cx('flex min-h-0 flex-col', className)}>
      <h2 id="wall-pinned" className="pb-[1.2vh] text-[1.7vh] font-semibold uppercase tracking-[0.18em] text-slate-500">
        <span aria-hidden="true">📌 </span>Pinned announcements
      </h2>
      <ul
        className="flex min-h-0 flex-1 flex-col gap-[1.6vh] overflow-hidden"
        style={{ maskImage: 'linear-gradient(to bottom, black 85%, transparent)', WebkitMaskImage: 'linear-gradient(to bottom, black 85%, transparent)' }}
      >
        {announcements.map((a) => (
          <li key={a._id} data-testid="wall-announcement" className="shrink-0 rounded-[1.6vh] bg-white/[0.05] p-[2.4vh] ring-1 ring-white/10">
            <p className={cx('text-[1.7vh] font-bold uppercase tracking-[0.15em]', priorityTone[a.priority] ?? priorityTone.low)}>{a.priority}</p>
            <h3 className="mt-[0.6vh] text-[3vh] font-semibold leading-tight text-white">{a.title}</h3>
            <p className="mt-[1vh] line-clamp-4 whitespace-pre-line text-[2.2vh] leading-snug text-slate-300">{a.content}</p>
            {a.author && <p className="mt-[1.2vh] text-[1.8vh] text-slate-500">By {a.author.name}</p>}
          </li>
        ))}
      </ul>
    </aside>
  );
}
