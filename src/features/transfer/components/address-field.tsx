/**
 * The receiving address: typed, pasted (flagged when the clipboard no longer holds what this app
 * copied: clipboard-hijacking malware) or scanned; with a way to compare it against the known
 * address it imitates.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lastCopiedText, readClipboard } from '../../../lib/clipboard/clipboard';
import { ScanIcon } from '../../../ui/action-icons';
import { ADDRESS_INPUT_PROPS, TextField } from '../../../ui/field';
import { showToast } from '../../../ui/toast';
import { isClipboardMismatch } from '../model/address-checks';

interface Props {
  value: string;
  error: string | null;
  /** `pasteMismatch`: pasted, and not what the app copied. */
  onChange: (address: string, pasteMismatch: boolean) => void;
  /** Set when the address imitates a known one: opens the side-by-side comparison. */
  onCompare: (() => void) | null;
}

export function AddressField({ value, error, onChange, onCompare }: Props) {
  const { t } = useLingui();
  const paste = async () => {
    const text = await readClipboard();
    if (text === null) {
      void showToast(t`Could not read the clipboard. Paste into the field instead.`, 'error');
      return;
    }
    onChange(text.trim(), isClipboardMismatch(text, lastCopiedText()));
  };
  return (
    <>
      <TextField
        label={t`Receiving address`}
        value={value}
        onValueChange={(v) => onChange(v, false)}
        placeholder={t`Tron address starting with T`}
        {...ADDRESS_INPUT_PROPS}
        error={error}
        end={
          <>
            <button type="button" className="link-button" onClick={() => void paste()}>
              {t`Paste`}
            </button>
            <Link to="/pages/index/scan" className="icon-button" aria-label={t`Scan QR code`}>
              <ScanIcon width={22} height={22} />
            </Link>
          </>
        }
      />
      {onCompare && (
        <button type="button" className="button button--secondary" onClick={onCompare}>
          <Trans>Compare with the known address</Trans>
        </button>
      )}
    </>
  );
}
