/**
 * The recharge the activation prompt asks for: the address with its QR code, and what to send.
 * Loaded only for an account that is not activated, so it stays out of home's first load.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { depositAddressQueryOptions } from '../../api/money';
import { BRAND } from '../../config/brand';
import { Amount } from '../../ui/amount';
import { CopyButton } from '../../ui/copy-button';
import { GroupedCode } from '../../ui/grouped-code';
import { QrImage } from '../../ui/qr-image';
import { Skeleton } from '../../ui/skeleton';
import { ACTIVATION_DEPOSIT } from './activation-deposit';
import './activation-prompt.css';

export default function ActivationCard() {
  const { t } = useLingui();
  const { currency, network } = ACTIVATION_DEPOSIT;
  const deposit = useQuery({ ...depositAddressQueryOptions(currency, network), meta: { inlineErrors: true } });
  const token = BRAND.tokenSymbol;
  return (
    <section className="card activation" aria-labelledby="activation-title">
      <h2 id="activation-title" className="activation__title">
        <Trans>Activate your account</Trans>
      </h2>
      <p className="activation__text">
        <Trans>
          Make a first recharge to this address to activate your wallet. Once it arrives, you also receive a welcome gift of{' '}
          {token}.
        </Trans>
      </p>
      {deposit.data ? (
        <div className="activation__deposit">
          <QrImage value={deposit.data.address} label={t`QR code of your recharge address`} size={148} />
          <div className="activation__details">
            <span className="field__label">
              <Trans>
                Recharge address ({currency}, {network})
              </Trans>
            </span>
            <div className="activation__address">
              <GroupedCode value={deposit.data.address} data-testid="activation-address" />
              <CopyButton text={deposit.data.address} label={t`Copy recharge address`} />
            </div>
            <p className="field__hint">
              <Trans>
                Send only {currency} on the TRON network ({network}). Minimum{' '}
                <Amount value={deposit.data.minDeposit} places={6} symbol={currency} />. This page updates by itself once the
                recharge arrives.
              </Trans>
            </p>
          </div>
        </div>
      ) : deposit.isError ? (
        <div className="stack" role="alert">
          <p className="field__error">
            <Trans>The recharge address could not be loaded.</Trans>
          </p>
          <button type="button" className="button button--secondary" onClick={() => void deposit.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <div className="activation__deposit" aria-busy="true">
          <Skeleton width={148} height={148} radius={12} />
          <div className="activation__details stack">
            <Skeleton width="60%" height={14} />
            <Skeleton height={44} />
            <Skeleton width="80%" height={28} />
          </div>
        </div>
      )}
    </section>
  );
}
