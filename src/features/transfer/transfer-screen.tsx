/**
 * Transfer (SPEC §2, §5): channel, receiving address (paste, scan, checksum) with address-poisoning
 * protection, amount with Max and the channel's limits, trade password (+ authenticator when bound),
 * a confirmation sheet and one Idempotency-Key per attempt. Refused while offline, never queued.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { memberInfoQueryOptions, walletQueryOptions } from '../../api/member';
import { channelDetailQueryOptions, withdrawChannelsQueryOptions } from '../../api/money';
import { BRAND } from '../../config/brand';
import { lastCopiedText, readClipboard } from '../../lib/clipboard/clipboard';
import { errorMessage } from '../../session/error-messages';
import { isOnline, useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { Amount } from '../../ui/amount';
import { TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { AddressCompareDialog } from './components/address-compare-dialog';
import { AuthorizationSteps } from './components/authorization-steps';
import { ConfirmSheet } from './components/confirm-sheet';
import { destinationWarnings } from './components/destination-warnings';
import { isClipboardMismatch } from './model/address-checks';
import { checkAmount, isTypingAllowed, maxSendable, totalDebit } from './model/amount-checks';
import { useAddressVerdict } from './model/use-address-verdict';
import { useFieldMessages } from './model/use-field-messages';
import { useSendTransfer } from './use-send-transfer';
import './transfer.css';
import { ScanIcon } from '../../ui/action-icons';

type Step = 'form' | 'confirm' | 'password' | 'google' | 'compare' | 'set-password';

export function TransferScreen() {
  const { t } = useLingui();
  const online = useOnline();
  const navigate = useNavigate();
  const search = useSearch({ from: '/pages/index/transfer' });
  const storeUser = useAppStore((s) => s.userInfo);
  const savedCurrency = useAppStore((s) => s.currencyInfo?.code);

  const channels = useQuery(withdrawChannelsQueryOptions());
  const wallet = useQuery(walletQueryOptions());
  const member = useQuery({ ...memberInfoQueryOptions(), meta: { persist: true, inlineErrors: true } });
  const user = member.data ?? storeUser;

  const [pickedChannel, setPickedChannel] = useState<string | null>(null);
  const [address, setAddress] = useState(search.address ?? '');
  const [amount, setAmount] = useState(search.amount && isTypingAllowed(search.amount) ? search.amount : '');
  const [pasteFlag, setPasteFlag] = useState(false);
  const [overrideFor, setOverrideFor] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [step, setStep] = useState<Step>('form');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const enabled = (channels.data ?? []).filter((c) => c.enabled);
  const fromSearch = enabled.find(
    (c) => c.virtualCurrencyName === search.currency?.toUpperCase() && (!search.network || c.network === search.network),
  );
  const channel =
    enabled.find((c) => c.id === pickedChannel) ??
    fromSearch ??
    // SPEC §4: the saved currency's channel, else the default currency's.
    enabled.find((c) => c.virtualCurrencyName === savedCurrency) ??
    enabled.find((c) => c.virtualCurrencyName === BRAND.defaultCurrency) ??
    enabled[0] ??
    null;
  const detail = useQuery({ ...channelDetailQueryOptions(channel?.id ?? ''), enabled: Boolean(channel) });
  const rulesSource = detail.data ?? channel;
  const asset = wallet.data?.assets.find((a) => a.currency === channel?.virtualCurrencyName && a.network === channel?.network);
  const balance = asset?.balance ?? '0';

  const verdict = useAddressVerdict(address, detail.data?.contractAddress);
  const trimmed = address.trim();
  const lookalike = verdict.kind === 'valid' && verdict.lookalikeOf && overrideFor !== trimmed ? verdict.lookalikeOf : null;

  const rules = rulesSource
    ? {
        minAmount: rulesSource.minAmount,
        maxAmount: rulesSource.maxAmount,
        fee: rulesSource.fee,
        precision: rulesSource.precision,
        balance,
      }
    : null;
  const amountProblem = rules ? checkAmount(amount, rules) : 'required';

  const { amountText, addressText } = useFieldMessages(rules, channel?.virtualCurrencyName ?? '');
  const addressError = addressText(verdict, { submitted, blockedLookalike: Boolean(lookalike) });
  const showAmountError = submitted || (amount !== '' && amountProblem !== 'required');

  const sender = useSendTransfer({
    onSuccess: (record) => {
      setStep('form');
      void showToast(t`Transfer submitted`, 'success');
      void navigate({ to: '/pages/record/detail', search: { id: record.id }, replace: true });
    },
    onRefused: (error, back) => {
      if (back === 'password' || back === 'authenticator') {
        setCodeError(errorMessage(error));
        setStep(back === 'password' ? 'password' : 'google');
      } else if (back === 'set-password') {
        setStep('set-password');
      } else {
        setFormError(errorMessage(error));
        setStep('form');
      }
    },
  });

  const offlineReason = online
    ? null
    : t`You are offline. Transfers are refused while offline and never queued; reconnect and try again.`;

  const next = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!channel || verdict.kind !== 'valid' || amountProblem) return;
    if (lookalike) {
      setStep('compare');
      return;
    }
    if (offlineReason) return;
    if (user && !user.tradePasswordSet) {
      setStep('set-password');
      return;
    }
    setStep('confirm');
  };

  const paste = async () => {
    const text = await readClipboard();
    if (text === null) {
      void showToast(t`Could not read the clipboard. Paste into the field instead.`, 'error');
      return;
    }
    setAddress(text.trim());
    setPasteFlag(isClipboardMismatch(text, lastCopiedText()));
  };

  const { warnings, needsAck } = destinationWarnings(verdict, {
    pasteFlag,
    overridden: overrideFor === trimmed,
    blockedLookalike: Boolean(lookalike),
  });

  if (channels.isPending) {
    return (
      <Page title={t`Transfer`}>
        <SkeletonRows rows={5} height={60} />
      </Page>
    );
  }
  const cur = channel?.virtualCurrencyName ?? '';
  const precision = rulesSource?.precision ?? 6;
  return (
    <Page title={t`Transfer`}>
      {offlineReason && (
        <p className="notice notice--warning" role="alert">
          {offlineReason}
        </p>
      )}
      {!channel ? (
        <p className="empty-state">
          <Trans>No transfer channel is available right now.</Trans>
        </p>
      ) : (
        <form className="stack transfer" onSubmit={next} noValidate>
          <label className="field">
            <span className="field__label">{t`Network and asset`}</span>
            <select
              className="select-input"
              value={channel.id}
              onChange={(e) => {
                setPickedChannel(e.target.value);
                setFormError(null);
              }}
            >
              {enabled.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.virtualCurrencyName} · {c.network}
                </option>
              ))}
            </select>
          </label>

          <TextField
            label={t`Receiving address`}
            value={address}
            onValueChange={(v) => {
              setAddress(v);
              setPasteFlag(false);
            }}
            placeholder={t`Tron address starting with T`}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            dir="ltr"
            className="mono"
            error={addressError}
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
          {lookalike && (
            <button type="button" className="button button--secondary" onClick={() => setStep('compare')}>
              <Trans>Compare with the known address</Trans>
            </button>
          )}
          {warnings}

          <TextField
            label={t`Amount`}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            onValueChange={(v) => {
              const text = v.replace(',', '.');
              if (isTypingAllowed(text)) setAmount(text);
              setFormError(null);
            }}
            error={showAmountError && amountProblem ? amountText(amountProblem) : null}
            end={
              <>
                <span className="muted">{cur}</span>
                <button type="button" className="link-button" onClick={() => rules && setAmount(maxSendable(rules))}>
                  {t`Max`}
                </button>
              </>
            }
          />
          <dl className="transfer__facts">
            <div>
              <dt>{t`Available`}</dt>
              <dd data-testid="available">
                <Amount value={balance} places={precision} symbol={cur} />
              </dd>
            </div>
            <div>
              <dt>{t`Fee`}</dt>
              <dd>{rulesSource && <Amount value={rulesSource.fee} places={precision} symbol={cur} />}</dd>
            </div>
            <div>
              <dt>{t`Limits`}</dt>
              <dd>
                {rulesSource && (
                  <>
                    <Amount value={rulesSource.minAmount} places={precision} /> –{' '}
                    <Amount value={rulesSource.maxAmount} places={precision} symbol={cur} />
                  </>
                )}
              </dd>
            </div>
            {detail.data && (
              <div>
                <dt>{t`Arrival`}</dt>
                <dd>{t`about ${detail.data.arrivalMinutes} min`}</dd>
              </div>
            )}
          </dl>
          {formError && (
            <p className="notice notice--danger" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={Boolean(offlineReason) || sender.pending}>
            <Trans>Next</Trans>
          </button>
        </form>
      )}

      {channel && verdict.kind === 'valid' && !amountProblem && rules && (
        <ConfirmSheet
          open={step === 'confirm'}
          details={{
            amount: amount.trim(),
            fee: rules.fee,
            total: totalDebit(amount.trim(), rules.fee),
            currency: cur,
            network: channel.network,
            precision,
            address: trimmed,
          }}
          warnings={warnings}
          needsAck={needsAck}
          disabledReason={offlineReason}
          onClose={() => setStep((s) => (s === 'confirm' ? 'form' : s))}
          onConfirm={() => {
            setCodeError(null);
            setStep('password');
          }}
        />
      )}
      {lookalike && verdict.kind === 'valid' && verdict.lookalikeOf && (
        <AddressCompareDialog
          open={step === 'compare'}
          entered={trimmed}
          known={verdict.lookalikeOf}
          onClose={() => setStep((s) => (s === 'compare' ? 'form' : s))}
          onOverride={() => {
            setOverrideFor(trimmed);
            setStep('form');
          }}
        />
      )}
      <AuthorizationSteps
        step={step === 'password' || step === 'google' || step === 'set-password' ? step : null}
        authenticatorBound={Boolean(user?.googleBound)}
        sender={sender}
        codeError={codeError}
        online={online}
        onStep={(next, from) => {
          setCodeError(null);
          setStep((s) => (from !== undefined && s !== from ? s : next));
        }}
        onSend={sendWith}
        onAbandoned={() => {
          setStep('form');
          setFormError(t`The outcome of the last transfer is unknown. Check your records before sending again.`);
        }}
      />
    </Page>
  );

  function sendWith(password: string, googleCode?: string) {
    if (!channel || !isOnline()) {
      setFormError(offlineReason ?? t`You are offline.`);
      setStep('form');
      return;
    }
    setCodeError(null);
    sender.send({
      channelId: channel.id,
      address: trimmed,
      amount: amount.trim(),
      tradePassword: password,
      ...(googleCode ? { googleCode } : {}),
    });
  }
}
