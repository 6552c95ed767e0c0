/** Icons of the home screen's shortcuts (24px grid, currentColor, decorative). */
import type { SVGProps } from 'react';

type P = SVGProps<SVGSVGElement>;

function Icon({ d, ...p }: P & { d: string }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable={false}
      {...p}
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

export const SendIcon = (p: P) => <Icon d="M12 19V5M6 11l6-6 6 6" {...p} />;
export const ReceiveIcon = (p: P) => <Icon d="M12 5v14M6 13l6 6 6-6" {...p} />;
export const ScanIcon = (p: P) => (
  <Icon d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16" {...p} />
);
export const RecordsIcon = (p: P) => <Icon d="M7 4h10a1 1 0 0 1 1 1v15l-3-2-3 2-3-2-3 2V5a1 1 0 0 1 1-1zM9 9h6M9 13h4" {...p} />;
export const RefreshIcon = (p: P) => <Icon d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" {...p} />;
export const SearchIcon = (p: P) => <Icon d="M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12zM20 20l-5.5-5.5" {...p} />;
