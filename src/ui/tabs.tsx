/** Tabs with arrow-key navigation (WAI-ARIA tabs pattern); the panel is rendered by the caller. */
import { useRef } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  idPrefix: string;
}

export function Tabs<T extends string>({ label, tabs, value, onChange, idPrefix }: TabsProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.value}`}
          aria-selected={tab.value === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.value === value ? 0 : -1}
          className="tabs__tab"
          onClick={() => onChange(tab.value)}
          onKeyDown={(e) => {
            const rtl = document.documentElement.dir === 'rtl';
            if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) move(index + 1);
            else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) move(index - 1);
            else if (e.key === 'Home') move(0);
            else if (e.key === 'End') move(tabs.length - 1);
            else return;
            e.preventDefault();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel that belongs to `Tabs` with the same idPrefix. */
export const tabPanelProps = (idPrefix: string, value: string) => ({
  role: 'tabpanel' as const,
  id: `${idPrefix}-panel`,
  'aria-labelledby': `${idPrefix}-tab-${value}`,
});
