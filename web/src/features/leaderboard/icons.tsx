import type { SVGProps } from 'react';

export const DownloadIcon = ({ className = 'h-5 w-5', ...rest }: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className} {...rest}>
    <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />
  </svg>
);
