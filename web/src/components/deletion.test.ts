import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteWithToasts } from './deletion';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

const steps = (call: () => Promise<unknown>) => ({ call, forget: vi.fn(), reload: vi.fn(), deleted: 'Task deleted successfully', failed: 'Failed to delete task' });

describe('deleteWithToasts', () => {
  beforeEach(() => vi.clearAllMocks());

  it('drops the item, says so and reloads once the server deleted it', async () => {
    const s = steps(() => Promise.resolve());
    await deleteWithToasts(s);
    expect(s.forget).toHaveBeenCalledOnce();
    expect(s.reload).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith('Task deleted successfully');
  });

  it('keeps the item and shows the failure when the server refused', async () => {
    const s = steps(() => Promise.reject(new Error('down')));
    await deleteWithToasts(s);
    expect(s.forget).not.toHaveBeenCalled();
    expect(s.reload).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Failed to delete task');
  });
});
