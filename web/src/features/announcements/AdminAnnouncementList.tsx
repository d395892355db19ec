import type { Announcement } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useAtomValue } from '../../lib/store';
import { Button, EmptyState, PageHeader, SectionSpinner } from '../../components/ui';
import { LoadMoreFor } from '../../components/LoadMoreFor';
import { MegaphoneIcon, PlusIcon } from '../../components/ui/icons';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { useDeletion } from '../../components/deletion';
import { sessionUserAtom } from '../../session/atoms';
import { companyIdOf } from '../../session/homePath';
import { applyAnnouncement, deleteAnnouncement, loadAnnouncements, loadMoreAnnouncements } from './actions';
import { AdminAnnouncementItem } from './AdminAnnouncementItem';
import { AnnouncementForm } from './AnnouncementForm';
import { announcementsApi } from './api';
import { announcementsErrorAtom, announcementsPage, announcementsStatusAtom, sortedAnnouncementsAtom } from './atoms';
import { nowAtom } from './clock';
import { isExpired } from './rules';

/** Announcements (admin): pinned first, then newest; post, edit, pin/unpin and delete. Expired ones are marked. */
export function AdminAnnouncementList() {
  const user = useAtomValue(sessionUserAtom);
  const companyId = companyIdOf(user);
  const announcements = useAtomValue(sortedAnnouncementsAtom);
  const status = useAtomValue(announcementsStatusAtom);
  const error = useAtomValue(announcementsErrorAtom);
  const now = useAtomValue(nowAtom);
  // undefined: closed; null: create; an announcement: edit it.
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const [pinningId, setPinningId] = useState<string | null>(null);
  const { deletingId, remove } = useDeletion('Are you sure you want to delete this announcement?', deleteAnnouncement);

  useEffect(() => {
    void loadAnnouncements();
  }, [companyId]);

  const togglePin = async (announcement: Announcement) => {
    setPinningId(announcement._id);
    try {
      applyAnnouncement(await announcementsApi.pin(announcement._id, !announcement.isPinned));
    } catch (err) {
      if (!isUnauthorized(err)) toast.error(errorMessage(err, 'Operation failed'));
    } finally {
      setPinningId(null);
    }
  };

  const addButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setEditing(null)} disabled={!companyId}>
      New Announcement
    </Button>
  );

  return (
    <section aria-labelledby="announcements-heading">
      <PageHeader
        title={<span id="announcements-heading">Announcements</span>}
        subtitle="News for everyone in your company. Pinned announcements stay at the top."
        actions={addButton}
      />
      {status === 'loading' || status === 'idle' ? (
        <SectionSpinner />
      ) : status === 'error' && announcements.length === 0 ? (
        <EmptyState
          icon={<MegaphoneIcon />}
          title={<span className="font-semibold text-slate-900">{error ?? 'Failed to fetch announcements'}</span>}
          action={
            <Button variant="secondary" onClick={() => void loadAnnouncements()}>
              Try Again
            </Button>
          }
        />
      ) : announcements.length === 0 ? (
        <EmptyState
          icon={<MegaphoneIcon />}
          title={<span className="font-semibold text-slate-900">No announcements found</span>}
          description="Post the first announcement for your company."
          action={addButton}
        />
      ) : (
        <ul className="space-y-4" aria-label="Announcements">
          {announcements.map((a) => (
            <AdminAnnouncementItem
              key={a._id}
              announcement={a}
              expired={isExpired(a, now)}
              onTogglePin={(announcement) => void togglePin(announcement)}
              onEdit={setEditing}
              onDelete={remove}
              pinning={pinningId === a._id}
              deleting={deletingId === a._id}
            />
          ))}
        </ul>
      )}
      {status === 'ready' && <LoadMoreFor state={announcementsPage} onLoad={() => void loadMoreAnnouncements()} />}
      {editing !== undefined && companyId && user && (
        <AnnouncementForm announcement={editing} companyId={companyId} authorId={user._id} onClose={() => setEditing(undefined)} />
      )}
    </section>
  );
}
