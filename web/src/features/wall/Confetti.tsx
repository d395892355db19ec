import { useEffect, useRef } from 'react';
import { canAnimate, prefersReducedMotion } from './motion';

const COLORS = ['#fbbf24', '#34d399', '#60a5fa', '#f472b6', '#a78bfa', '#f87171'];
/** Fixed, evenly spread pieces: the same burst every time, no randomness to test around. */
const PIECES = Array.from({ length: 18 }, (_, i) => {
  const angle = (-160 + (140 / 17) * i) * (Math.PI / 180);
  const reach = 9 + (i % 3) * 3;
  return { color: COLORS[i % COLORS.length], x: Math.cos(angle) * reach * 1.6, y: Math.sin(angle) * reach, spin: (i % 2 ? 1 : -1) * (240 + i * 20) };
});
const GLOW: Keyframe[] = [
  { boxShadow: '0 0 0 0.35vh rgb(52 211 153 / 0.95), 0 0 5vh rgb(52 211 153 / 0.55)' },
  { boxShadow: '0 0 0 0.35vh rgb(52 211 153 / 0), 0 0 5vh rgb(52 211 153 / 0)' },
];

/**
 * A small celebration on a row whose score just landed: the row glows twice and a burst of confetti leaves its
 * score. With reduced motion, only a single soft glow.
 */
export function Confetti() {
  const host = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el || !canAnimate()) return;
    const still = prefersReducedMotion();
    const row = el.parentElement;
    const glow = row?.animate(GLOW, { duration: still ? 1800 : 1400, iterations: still ? 1 : 2, easing: 'ease-out' });
    if (still) return () => glow?.cancel();
    const bursts = Array.from(el.children, (piece, i) => {
      const p = PIECES[i];
      return (piece as HTMLElement).animate(
        [
          { opacity: 1, transform: 'translate(0, 0) rotate(0deg)' },
          { opacity: 1, transform: `translate(${p.x * 0.7}vh, ${p.y * 0.7}vh) rotate(${p.spin / 2}deg)`, offset: 0.6 },
          { opacity: 0, transform: `translate(${p.x}vh, ${p.y + 6}vh) rotate(${p.spin}deg)` },
        ],
        { duration: 1600 + (i % 4) * 150, easing: 'cubic-bezier(0.1, 0.7, 0.3, 1)' },
      );
    });
    return () => {
      glow?.cancel();
      bursts.forEach((b) => b.cancel());
    };
  }, []);

  return (
    <span ref={host} aria-hidden="true" className="pointer-events-none absolute right-[34%] top-1/2 h-0 w-0">
      {PIECES.map((p, i) => (
        <span key={i} className="absolute block h-[1.1vh] w-[0.6vh] rounded-[0.15vh] opacity-0" style={{ backgroundColor: p.color }} />
      ))}
    </span>
  );
}
