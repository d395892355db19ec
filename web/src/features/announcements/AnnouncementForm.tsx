import { createAnnouncementSchema, LIMITS, PRIORITIES, updateAnnouncementSchema, type Announcement, type CreateAnnouncementRequest, type Priority, type UpdateAnnouncementRequest } from '@kpi/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormModal, SelectField, TextAreaField, TextField, ToggleField } from '../../components/ui';
import { formProblem } from '../../lib/formProblem';
import { capitalize } from '../../lib/format';
import { applyAnnouncement, loadAnnouncements } from './actions';
import { announcementsApi } from './api';
import { fromLocalInput, toLocalInput } from '../../lib/localDateInput';

interface AnnouncementFormProps {
  /** null: create. */
  announcement: Announcement | null;
  companyId: string;
  authorId: string;
  onClose: () => void;
}

/** Post or edit an announcement, in a modal (title, content, priority, pinned, optional expiry). */
export function AnnouncementForm({ announcement, companyId, authorId, onClose }: AnnouncementFormProps) {
  const initialExpiry = toLocalInput(announcement?.expiresAt);
  const [title, setTitle] = useState(announcement?.title ?? '');
  const [content, setContent] = useState(announcement?.content ?? '');
  const [priority, setPriority] = useState<Priority>(announcement?.priority ?? 'medium');
  const [isPinned, setIsPinned] = useState(announcement?.isPinned ?? false);
  const [expiry, setExpiry] = useState(initialExpiry);

  const save = async (): Promise<string | null> => {
    const fields = { title: title.trim(), content: content.trim(), priority, isPinned };
    // The browser already refuses empty fields; the contract's checks catch text that is only spaces.
    const problem = formProblem(announcement ? updateAnnouncementSchema : createAnnouncementSchema, fields);
    if (problem) return (toast.error(problem.message), null);
    if (announcement) {
      const body: UpdateAnnouncementRequest = { ...fields };
      // Only a changed expiry is sent: the input keeps minutes only, and an untouched past expiry stays as it was.
      if (expiry !== initialExpiry) body.expiresAt = fromLocalInput(expiry);
      applyAnnouncement(await announcementsApi.update(announcement._id, body));
      return 'Announcement updated successfully';
    }
    const body: CreateAnnouncementRequest = { ...fields, expiresAt: fromLocalInput(expiry), company: companyId, author: authorId };
    applyAnnouncement(await announcementsApi.create(body));
    return 'Announcement created successfully';
  };

  return (
    <FormModal
      title={announcement ? 'Edit Announcement' : 'New Announcement'}
      onClose={onClose}
      size="lg"
      submitLabel={announcement ? 'Update Announcement' : 'Create Announcement'}
      onSubmit={save}
      onSaved={() => void loadAnnouncements({ quiet: true })}
    >
      <TextField label="Title" required maxLength={LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Quarterly review schedule" />
      <TextAreaField
        label="Content"
        required
        rows={5}
        maxLength={LIMITS.announcementContent}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder="What does the team need to know?"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {capitalize(p)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Expires At"
          type="datetime-local"
          value={expiry}
          min={expiry === initialExpiry && initialExpiry !== '' ? undefined : toLocalInput(new Date().toISOString())}
          onChange={(e) => setExpiry(e.target.value)}
          hint="Optional. Executives stop seeing it after this time."
        />
      </div>
      <ToggleField label="Pin this announcement" hint="Pinned announcements stay at the top." checked={isPinned} onChange={setIsPinned} />
    </FormModal>
  );
}
