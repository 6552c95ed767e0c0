/**
 * Receive (SPEC §2): the deposit address of the chosen asset as a QR code (qrcode, loaded lazily),
 * with copy, share (Web Share API, copy as fallback) and save image.
 */

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { walletQueryOptions } from '../../api/member';
import { depositAddressQueryOptions, walletCurrenciesQueryOptions } from '../../api/money';
import { BRAND } from '../../config/brand';
import { copyText } from '../../lib/clipboard/clipboard';
import { downloadBlob } from '../../lib/files/download-blob';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { Amount } from '../../ui/amount';
import { CopyButton } from '../../ui/copy-button';
import { GroupedCode } from '../../ui/grouped-code';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { TokenLogo, useNetworkLabel } from '../../ui/token-logo';
import { UpdatedMark } from '../../ui/updated-mark';
import { renderReceiveImage } from './model/receive-image';
import './receive.css';

interface AssetChoice {
  currency: string;
  network: string;
  name: string;
}

function useQrDataUrl(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!text) return;
    let live = true;
    void import('qrcode').then((qr) =>
      qr
        .toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 480, color: { dark: '#000000', light: '#ffffff' } })
        .then((u) => {
          if (live) setUrl(u);
        }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

export function ReceiveScreen() {
  const { t } = useLingui();
  const networkLabel = useNetworkLabel();
  const online = useOnline();
  const navigate = useNavigate();
  const search = useSearch({ from: '/pages/index/receive' });
  const defaultCurrency = BRAND.defaultCurrency;
  const currencies = useQuery({ ...walletCurrenciesQueryOptions(), meta: { inlineErrors: true } });
  const wallet = useQuery(walletQueryOptions());
  const choices: AssetChoice[] =
    currencies.data?.map((c) => ({ currency: c.currency, network: c.network, name: c.name })) ??
    wallet.data?.assets.map((a) => ({ currency: a.currency, network: a.network, name: a.name })) ??
    [];
  const chosen =
    choices.find((c) => c.currency === search.currency && (!search.network || c.network === search.network)) ??
    choices.find((c) => c.currency === defaultCurrency) ??
    choices[0];
  const deposit = useQuery({
    ...depositAddressQueryOptions(chosen?.currency ?? '', chosen?.network ?? ''),
    enabled: Boolean(chosen),
    meta: { inlineErrors: true },
  });
  const address = deposit.data?.address;
  const qr = useQrDataUrl(address);
  const [saving, setSaving] = useState(false);

  const share = async () => {
    if (!address || !chosen) return;
    const text = t`My ${chosen.currency} (${chosen.network}) address: ${address}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t`My ${chosen.currency} address`, text });
        return;
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    const ok = await copyText(address);
    void showToast(
      ok ? t`Sharing is not available here, so the address was copied.` : t`Copy failed. Select the text and copy it manually.`,
      ok ? 'success' : 'error',
    );
  };

  const save = async () => {
    if (!address || !qr || !chosen) return;
    setSaving(true);
    try {
      const blob = await renderReceiveImage(qr, {
        title: t`Receive ${chosen.currency}`,
        network: t`Network: ${chosen.network}`,
        address,
        note: t`Send only ${chosen.currency} on ${chosen.network} to this address.`,
      });
      downloadBlob(blob, `${BRAND.productName.toLowerCase()}-${chosen.currency}-${chosen.network}.png`);
      void showToast(t`Image saved`, 'success');
    } catch {
      void showToast(t`Save image failed`, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t`Receive`}>
      <label className="field">
        <span className="field__label">{t`Asset and network`}</span>
        <select
          className="receive__select"
          value={chosen ? `${chosen.currency}|${chosen.network}` : ''}
          onChange={(e) => {
            const [currency, network] = e.target.value.split('|');
            void navigate({ to: '/pages/index/receive', search: { currency, network }, replace: true });
          }}
        >
          {choices.map((c) => (
            <option key={`${c.currency}|${c.network}`} value={`${c.currency}|${c.network}`}>
              {networkLabel(c.currency, c.currency, c.network)}
            </option>
          ))}
        </select>
      </label>
      <section className="receive card" aria-labelledby="receive-title">
        <h2 id="receive-title" className="receive__title">
          {chosen && <TokenLogo currency={chosen.currency} size={28} />}
          {chosen ? t`Scan to send ${chosen.currency} (${chosen.network})` : t`Receive`}
        </h2>
        <div className="receive__qr">
          {qr && address ? (
            <img src={qr} width={240} height={240} alt={t`QR code of the address ${address}`} data-testid="receive-qr" />
          ) : deposit.isError ? (
            <p className="receive__error" role="alert">
              {online ? errorMessage(deposit.error) : t`You are offline. Connect to load your deposit address.`}
            </p>
          ) : (
            <Skeleton width={240} height={240} radius={8} />
          )}
        </div>
        {address ? (
          <div className="receive__address">
            <GroupedCode value={address} data-testid="receive-address" />
          </div>
        ) : (
          <Skeleton width="90%" height={40} />
        )}
        <UpdatedMark updatedAt={deposit.dataUpdatedAt} show={!online} />
        {deposit.data && chosen && (
          <p className="muted receive__note">
            <Trans>
              Send only {chosen.currency} on {chosen.network} to this address. Minimum deposit:{' '}
              <Amount value={deposit.data.minDeposit} places={6} symbol={chosen.currency} />
            </Trans>
          </p>
        )}
      </section>
      <div className="receive__actions">
        {address ? (
          <CopyButton text={address} label={t`Copy address`} className="button button--secondary receive__action" />
        ) : (
          <span className="receive__action" aria-hidden="true" />
        )}
        <button type="button" className="button button--secondary" disabled={!address} onClick={() => void share()}>
          <Trans>Share</Trans>
        </button>
        <button type="button" className="button" disabled={!qr || saving} onClick={() => void save()}>
          {saving ? t`Saving…` : t`Save image`}
        </button>
      </div>
    </Page>
  );
}
