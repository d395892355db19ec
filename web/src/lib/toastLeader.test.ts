import { afterEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return import('./toastLeader');
};

describe('toast leader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows toasts everywhere when Web Locks are missing', async () => {
    vi.stubGlobal('navigator', {});
    const { isToastLeader, showOnce } = await load();
    expect(isToastLeader()).toBe(true);
    const show = vi.fn();
    expect(showOnce(show)).toBe(true);
    expect(show).toHaveBeenCalledOnce();
  });

  it('shows toasts only once this tab holds the lock, and keeps holding it', async () => {
    let grant: (() => Promise<unknown>) | undefined;
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
      grant = callback;
      return new Promise(() => {});
    });
    vi.stubGlobal('navigator', { locks: { request } });
    const { isToastLeader, showOnce } = await load();
    expect(request).toHaveBeenCalledWith('kpi-toast-leader', expect.any(Function));

    const show = vi.fn();
    expect(isToastLeader()).toBe(false);
    expect(showOnce(show)).toBe(false);
    expect(show).not.toHaveBeenCalled();

    const held = grant!();
    expect(isToastLeader()).toBe(true);
    expect(showOnce(show)).toBe(true);
    expect(show).toHaveBeenCalledOnce();
    // The callback's promise never settles: the lock is held for the life of the tab.
    const settled = await Promise.race([held.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);
    expect(settled).toBe(false);
  });

  it('falls back to showing when the lock manager refuses', async () => {
    vi.stubGlobal('navigator', { locks: { request: () => Promise.reject(new Error('SecurityError')) } });
    const { isToastLeader } = await load();
    await new Promise((r) => setTimeout(r, 0));
    expect(isToastLeader()).toBe(true);
  });
});
