import { useCallback, useLayoutEffect, useRef } from 'react';

const MOVE_MS = 450;
const GLOW_MS = 1400;
const GLOW: Keyframe[] = [{ boxShadow: '0 0 0 3px rgb(99 102 241 / 0.55)' }, { boxShadow: '0 0 0 3px rgb(99 102 241 / 0)' }];

const reducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Row {
  id: string;
  /** What a reader sees change (rank, score…): a row whose signature changes glows briefly. */
  signature: string;
}

/**
 * Animates a list whose rows change live: rows slide from where they were to their new place (FLIP) and
 * changed or new rows glow for a moment. Only while `scope` stays the same (a new period simply appears), and
 * without the slide when the reader prefers reduced motion. Returns a ref callback factory for the rows.
 */
export function useReorderAnimation(rows: readonly Row[], scope: string) {
  const elements = useRef(new Map<string, HTMLElement>());
  const container = useRef<HTMLElement | null>(null);
  const previous = useRef<{ scope: string; tops: Map<string, number>; signatures: Map<string, string> } | null>(null);

  useLayoutEffect(() => {
    const base = container.current?.getBoundingClientRect().top ?? 0;
    const tops = new Map<string, number>();
    const signatures = new Map<string, string>();
    for (const row of rows) {
      const el = elements.current.get(row.id);
      if (el) tops.set(row.id, el.getBoundingClientRect().top - base);
      signatures.set(row.id, row.signature);
    }
    const before = previous.current;
    previous.current = { scope, tops, signatures };
    if (!before || before.scope !== scope || typeof Element.prototype.animate !== 'function') return;

    const still = reducedMotion();
    for (const row of rows) {
      const el = elements.current.get(row.id);
      if (!el) continue;
      const was = before.tops.get(row.id);
      const now = tops.get(row.id);
      if (!still && was !== undefined && now !== undefined && Math.abs(was - now) > 1) {
        el.animate([{ transform: `translateY(${was - now}px)` }, { transform: 'none' }], { duration: MOVE_MS, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
      }
      if (before.signatures.get(row.id) !== row.signature) el.animate(GLOW, { duration: still ? GLOW_MS / 2 : GLOW_MS, easing: 'ease-out' });
    }
  }, [rows, scope]);

  const rowRef = useCallback(
    (id: string) => (el: HTMLElement | null) => {
      if (el) elements.current.set(id, el);
      else elements.current.delete(id);
    },
    [],
  );
  const containerRef = useCallback((el: HTMLElement | null) => {
    container.current = el;
  }, []);
  return { rowRef, containerRef };
}
