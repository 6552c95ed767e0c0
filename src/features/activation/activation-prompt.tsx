/**
 * The activation prompt (SPEC §4): an account is not activated until its first recharge. Until
 * then the home tab shows the recharge address, with its QR, and checks every few seconds; when
 * the recharge is credited the prompt goes away and the wallet reloads to show the new-user gift.
 * Renders nothing for an activated (or not yet known) member. Composed by the home route.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { depositAddressQueryOptions } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import { BRAND } from '../../config/brand';
import { useMemberInfo } from '../../session/member-info';
import { Amount } from '../../ui/amount';
import { CopyButton } from '../../ui/copy-button';
import { QrImage } from '../../ui/qr-image';
import { Skeleton } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import './activation-prompt.css';

/** The recharge the prompt asks for: USDT on TRON, the default currency (SPEC §3). */
export const ACTIVATION_DEPOSIT = { currency: 'USDT', network: 'TRC20' } as const;
/** How often a waiting account checks whether its recharge arrived. */
export const ACTIVATION_POLL_MS = 10_000;

export function ActivationPrompt() {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const user = useMemberInfo({
    // A waiting account checks at once whether its recharge arrived.
    fresh: (cached) => cached?.activated === false,
    pollMs: (u) => (u && !u.activated ? ACTIVATION_POLL_MS : false),
  });
  const activated = user?.activated;

  const seenInactive = useRef(false);
  useEffect(() => {
    if (activated === false) seenInactive.current = true;
    if (activated && seenInactive.current) {
      seenInactive.current = false;
      // The first recharge and the gift are new records and new balances.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
      void showToast(t`Your account is activated.`, 'success');
    }
  }, [activated, queryClient, t]);

  if (!user || user.activated) return null;
  return <ActivationCard />;
}

function ActivationCard() {
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
              <bdi dir="ltr" className="mono" data-testid="activation-address">
                {deposit.data.address}
              </bdi>
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
