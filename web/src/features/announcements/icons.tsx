import type { SVGProps } from 'react';

/** A push pin (the shared icon set has none). */
export function PinIcon({ className = 'h-5 w-5', ...rest }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className} {...rest}>
      <path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" />
    </svg>
  );
}
