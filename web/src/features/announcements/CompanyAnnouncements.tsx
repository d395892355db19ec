import { useEffect } from 'react';
import { useAtomValue } from '../../lib/store';
import { Button, Card, EmptyState, PageHeader } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { AlertIcon, MegaphoneIcon } from '../../components/ui/icons';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { loadAnnouncements, loadMoreAnnouncements } from './actions';
import { AnnouncementCard } from './AnnouncementCard';
import { announcementsErrorAtom, announcementsPage, announcementsStatusAtom, currentAnnouncementsAtom } from './atoms';

function LoadingSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <span role="status" className="sr-only">
        Loading announcements
      </span>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="animate-pulse p-5">
          <div aria-hidden="true">
            <div className="flex justify-between gap-4">
              <div className="h-4 w-1/2 rounded bg-slate-200" />
              <div className="h-4 w-16 rounded-full bg-slate-200" />
            </div>
            <div className="mt-4 space-y-2">
              <div className="h-3 w-full rounded bg-slate-100" />
              <div className="h-3 w-5/6 rounded bg-slate-100" />
            </div>
            <div className="mt-4 h-3 w-32 rounded bg-slate-100" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Company Announcements (executive): pinned ones first, then the rest, live; expired ones disappear. */
export function CompanyAnnouncements() {
  const companyId = companyIdOf(useAtomValue(sessionUserAtom));
  const announcements = useAtomValue(currentAnnouncementsAtom);
  const status = useAtomValue(announcementsStatusAtom);
  const error = useAtomValue(announcementsErrorAtom);

  useEffect(() => {
    void loadAnnouncements();
  }, [companyId]);

  const pinned = announcements.filter((a) => a.isPinned);
  const recent = announcements.filter((a) => !a.isPinned);

  let body;
  if (status === 'idle' || status === 'loading') {
    body = <LoadingSkeleton />;
  } else if (status === 'error') {
    body = (
      <div role="alert" className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50/50 px-6 py-14 text-center">
        <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-600">
          <AlertIcon />
        </div>
        <p className="text-sm font-semibold text-slate-900">{error ?? 'Failed to fetch announcements'}</p>
        <Button variant="secondary" className="mt-6" onClick={() => void loadAnnouncements()}>
          Try Again
        </Button>
      </div>
    );
  } else if (announcements.length === 0) {
    body = (
      <EmptyState
        icon={<MegaphoneIcon />}
        title={<span className="font-semibold text-slate-900">No announcements available</span>}
        description="Announcements from your admins will appear here."
      />
    );
  } else {
    body = (
      <div className="space-y-8">
        {pinned.length > 0 && (
          <section aria-labelledby="pinned-announcements">
            <h3 id="pinned-announcements" className="mb-3 text-base font-semibold text-slate-900">
              Pinned Announcements
            </h3>
            <ul className="space-y-4">
              {pinned.map((a) => (
                <AnnouncementCard key={a._id} announcement={a} />
              ))}
            </ul>
          </section>
        )}
        {recent.length > 0 && (
          <section aria-labelledby={pinned.length > 0 ? 'recent-announcements' : undefined} aria-label={pinned.length > 0 ? undefined : 'Announcements'}>
            {pinned.length > 0 && (
              <h3 id="recent-announcements" className="mb-3 text-base font-semibold text-slate-900">
                Recent Announcements
              </h3>
            )}
            <ul className="space-y-4">
              {recent.map((a) => (
                <AnnouncementCard key={a._id} announcement={a} />
              ))}
            </ul>
          </section>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="company-announcements-heading">
      <PageHeader title={<span id="company-announcements-heading">Company Announcements</span>} subtitle="News and updates from your company." />
      {body}
      {status === 'ready' && <LoadMoreFor state={announcementsPage} onLoad={() => void loadMoreAnnouncements()} />}
    </section>
  );
}
