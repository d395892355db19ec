/** Whether the viewer asked for less motion: rows then change place without sliding, and nothing flies. */
export const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const canAnimate = (): boolean => typeof Element !== 'undefined' && typeof Element.prototype.animate === 'function';
