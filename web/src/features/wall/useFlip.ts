import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { canAnimate, prefersReducedMotion } from './motion';

const MOVE_MS = 900;
const ENTER_MS = 600;

/**
 * FLIP for a list whose order changes live: after each render, every row that moved is drawn back where it was
 * and slides to its new place; a row new to the list fades in. Positions are re-measured on resize, so a
 * window change is never mistaken for a move. With reduced motion rows simply take their new places.
 * Returns a ref callback factory for the rows, keyed like the list.
 */
export function useFlip(keys: readonly string[]) {
  const elements = useRef(new Map<string, HTMLElement>());
  const tops = useRef<Map<string, number> | null>(null);
  const order = keys.join('|');

  const measure = () => {
    const next = new Map<string, number>();
    for (const [key, el] of elements.current) next.set(key, el.getBoundingClientRect().top);
    return next;
  };

  useLayoutEffect(() => {
    const before = tops.current;
    const now = measure();
    tops.current = now;
    if (!before || !canAnimate() || prefersReducedMotion()) return;
    for (const [key, top] of now) {
      const el = elements.current.get(key)!;
      const was = before.get(key);
      if (was === undefined) {
        el.animate([{ opacity: 0, transform: 'translateY(1.5vh)' }, { opacity: 1, transform: 'none' }], { duration: ENTER_MS, easing: 'ease-out' });
      } else if (Math.abs(was - top) > 1) {
        // A climber passes over the rows it overtakes.
        el.style.zIndex = was > top ? '2' : '1';
        const move = el.animate([{ transform: `translateY(${was - top}px)` }, { transform: 'none' }], { duration: MOVE_MS, easing: 'cubic-bezier(0.2, 0, 0, 1)' });
        const settle = () => void (el.style.zIndex = '');
        move.onfinish = settle;
        move.oncancel = settle;
      }
    }
    // Only a change of order (or of members) is a move worth animating.
  }, [order]);

  useEffect(() => {
    const onResize = () => {
      // Offsets measured for the old size would land rows in the wrong places: finish at once instead.
      for (const el of elements.current.values()) el.getAnimations?.().forEach((a) => a.cancel());
      tops.current = measure();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return useCallback(
    (key: string) => (el: HTMLElement | null) => {
      if (el) elements.current.set(key, el);
      else elements.current.delete(key);
    },
    [],
  );
}
