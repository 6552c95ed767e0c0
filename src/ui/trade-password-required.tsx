import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Dialog } from './dialog';

/** SPEC §5: transactions need a trade password; this sends the user to set one. */
export function TradePasswordRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onClose={onClose} title={t`Trade password not set`} variant="center">
      <div className="stack">
        <p>
          <Trans>Set a trade password before making transactions. It protects every transfer and swap.</Trans>
        </p>
        <Link to="/pages/my/password-trade-setting" className="button button--block">
          <Trans>Set trade password</Trans>
        </Link>
      </div>
    </Dialog>
  );
}
