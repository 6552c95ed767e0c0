/**
 * Icons of screens behind the login (wallet shortcuts, transfer, swap, messages). Kept apart from
 * `icons.tsx`, which the entry chunk carries for the tab bar, so they load with their screens.
 */
import { type IconProps, iconProps } from './icons';

const Icon = ({ d, ...p }: IconProps & { d: string }) => (
  <svg {...iconProps(p)}>
    <path d={d} />
  </svg>
);

export const SendIcon = (p: IconProps) => <Icon d="M12 19V5M6 11l6-6 6 6" {...p} />;
export const ReceiveIcon = (p: IconProps) => <Icon d="M12 5v14M6 13l6 6 6-6" {...p} />;
export const ScanIcon = (p: IconProps) => (
  <Icon d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16" {...p} />
);
export const RecordsIcon = (p: IconProps) => (
  <Icon d="M7 4h10a1 1 0 0 1 1 1v15l-3-2-3 2-3-2-3 2V5a1 1 0 0 1 1-1zM9 9h6M9 13h4" {...p} />
);
export const RefreshIcon = (p: IconProps) => (
  <Icon d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" {...p} />
);
export const SearchIcon = (p: IconProps) => <Icon d="M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12zM20 20l-5.5-5.5" {...p} />;
export const ReverseIcon = (p: IconProps) => <Icon d="M7 4v16M7 4 3 8M7 4l4 4M17 20V4M17 20l-4-4M17 20l4-4" {...p} />;
export const TrashIcon = (p: IconProps) => <Icon d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" {...p} />;
