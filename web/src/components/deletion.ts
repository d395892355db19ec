import { useState } from 'react';
import toast from 'react-hot-toast';
import { confirmAction } from './ui';
import { isUnauthorized } from '../lib/api';

/** One delete as every list screen does it (docs/product.md#toasts): the call, then the list, then a quiet reload. */
export interface DeleteSteps {
  call: () => Promise<unknown>;
  /** Takes the item off the list at once (its event will say the same to the other tabs). */
  forget: () => void;
  deleted: string;
  failed: string;
  /** A quiet reload, so counts and pages agree with the server. */
  reload?: () => void;
}

export async function deleteWithToasts({ call, forget, deleted, failed, reload }: DeleteSteps): Promise<void> {
  try {
    await call();
    forget();
    toast.success(deleted);
    reload?.();
  } catch (error) {
    if (!isUnauthorized(error)) toast.error(failed);
  }
}

/**
 * A list screen's Delete button: asks `question`, then runs the feature's delete, marking the item busy
 * meanwhile. `deletingId` is the item whose button spins. `remove` returns nothing, so it fits a click
 * handler as it is; the feature's delete reports its own failures.
 */
export function useDeletion<T extends { _id: string }>(question: string, remove: (item: T) => Promise<void>) {
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const ask = async (item: T) => {
    if (!confirmAction(question)) return;
    setDeletingId(item._id);
    try {
      await remove(item);
    } finally {
      setDeletingId(null);
    }
  };
  return { deletingId, remove: (item: T) => void ask(item) };
}
