import { LIMITS, type Badge, type User } from '@kpi/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { FormModal, SelectField, TextAreaField } from '../../components/ui';
import { errorMessage, isUnauthorized } from '../../lib/api';
import { badgesApi } from './api';

/** Admin: award an executive a badge from the catalogue by hand, with a reason; the executive sees it live. */
export function AwardBadgeDialog({ executive, onClose }: { executive: User; onClose: () => void }) {
  const [catalogue, setCatalogue] = useState<Badge[] | null>(null);
  const [badgeId, setBadgeId] = useState('');
  const [reason, setReason] = useState('');

  useEffect(() => {
    let live = true;
    badgesApi.catalogue().then(
      (badges) => {
        if (!live) return;
        setCatalogue(badges);
        setBadgeId((current) => current || (badges.find((b) => b._id === 'recognition') ?? badges[0])?._id || '');
      },
      (error: unknown) => {
        if (!live) return;
        setCatalogue([]);
        if (!isUnauthorized(error)) toast.error(errorMessage(error, 'Failed to load the badges'));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async (): Promise<string | null> => {
    if (!badgeId) return null;
    const award = await badgesApi.assign({ userId: executive._id, badgeId, reason: reason.trim() || undefined });
    return `${award.badge.name} awarded to ${executive.name}`;
  };

  const chosen = catalogue?.find((b) => b._id === badgeId);
  return (
    <FormModal
      title={`Award a badge to ${executive.name}`}
      onClose={onClose}
      submitLabel="Award badge"
      submitDisabled={!badgeId}
      onSubmit={save}
      failure={(error) => (isUnauthorized(error) ? null : errorMessage(error, 'Failed to award the badge'))}
    >
      <SelectField label="Badge" required value={badgeId} onChange={(e) => setBadgeId(e.target.value)} disabled={!catalogue} hint={chosen?.description}>
        {!catalogue && <option value="">Loading badges…</option>}
        {catalogue?.map((b) => (
          <option key={b._id} value={b._id}>
            {b.icon} {b.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Reason" rows={3} maxLength={LIMITS.comment} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="What is this recognition for?" />
    </FormModal>
  );
}
