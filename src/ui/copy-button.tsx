import { useLingui } from '@lingui/react/macro';
import { copyText } from '../lib/clipboard/clipboard';
import { showToast } from './toast';

/** Copies `text` and says so; `label` names what is copied for screen readers ("Copy address"). */
export function CopyButton({ text, label, className = 'icon-button' }: { text: string; label: string; className?: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={async () => {
        const ok = await copyText(text);
        void showToast(ok ? t`Copied` : t`Copy failed. Select the text and copy it manually.`, ok ? 'success' : 'error');
      }}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <rect x="8" y="8" width="12" height="12" rx="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
      </svg>
    </button>
  );
}
