/** Inline SVG icons (24px grid, currentColor) so no icon font or image request is needed. */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;
/** The shared 24px-grid, currentColor, decorative look of every icon. */
export const iconProps = (props: IconProps) => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const HomeIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);
export const ActivityIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <rect x="3" y="8" width="18" height="13" rx="2" />
    <path d="M12 8v13M3 12h18M12 8c-2-4-6-4-6-1.5S9 8 12 8c3 0 6-1 6-1.5S14 4 12 8" />
  </svg>
);
export const RewardIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="9" r="6" />
    <path d="m8.5 14-1.5 7 5-2.5 5 2.5-1.5-7" />
  </svg>
);
export const UserIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
);
export const BackIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="m15 5-7 7 7 7" />
  </svg>
);
export const EyeIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const EyeOffIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
export const ChevronIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="m9 5 7 7-7 7" />
  </svg>
);
export const GlobeIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
  </svg>
);
export const CheckIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="m5 12 5 5 9-10" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
/** A passkey: a key whose bow is a fingerprint-like ring. */
export const KeyIcon = (p: IconProps) => (
  <svg {...iconProps(p)}>
    <circle cx="8" cy="8" r="4.5" />
    <path d="M8 6v2.5M11.2 11.2 20 20m-3-3 2-2m-4.5-.5 2-2" />
  </svg>
);
