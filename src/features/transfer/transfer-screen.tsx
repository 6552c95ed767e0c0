/**
 * Transfer (SPEC §2, §5): channel, receiving address (paste, scan, checksum) with address-poisoning
 * protection, amount with Max and the channel's limits, trade password (+ authenticator when bound),
 * a confirmation sheet and one Idempotency-Key per attempt. Refused while offline, never queued.
 */

import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { memberInfoQueryOptions, walletQueryOptions } from '../../api/member';
import { withdrawChannelsQueryOptions } from '../../api/money';
import { pausedUntilText } from '../../session/error-messages';
import { activePause } from '../../session/member-info';
import { isOnline, useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { AddressBookHints } from './components/address-book-hints';
import { AddressCompareDialog } from './components/address-compare-dialog';
import { AddressField } from './components/address-field';
import { AmountField } from './components/amount-field';
import { AuthorizationSteps } from './components/authorization-steps';
import { ChannelFacts } from './components/channel-facts';
import { ChannelSelect } from './components/channel-select';
import { ConfirmSheet } from './components/confirm-sheet';
import { destinationWarnings } from './components/destination-warnings';
import { checkAmount, isTypingAllowed, maxSendable, totalDebit } from './model/amount-checks';
import { useAddressVerdict } from './model/use-address-verdict';
import { useChannelRules } from './model/use-channel-rules';
import { useFeeQuote } from './model/use-fee-quote';
import { useFieldMessages } from './model/use-field-messages';
import { usePasskeyReady } from './model/use-passkey-ready';
import { useSavedAddress } from './model/use-saved-address';
import { useTransferSteps } from './use-transfer-steps';
import './transfer.css';

export function TransferScreen() {
  const { t } = useLingui();
  const online = useOnline();
  const search = useSearch({ from: '/pages/index/transfer' });
  const savedCurrency = useAppStore((s) => s.currencyInfo?.code);

  const channels = useQuery(withdrawChannelsQueryOptions());
  const wallet = useQuery(walletQueryOptions());
  const member = useQuery({ ...memberInfoQueryOptions(), meta: { inlineErrors: true } });
  const user = member.data;
  const passkeyReady = usePasskeyReady(Boolean(user?.googleBound));

  const [pickedChannel, setPickedChannel] = useState<string | null>(null);
  const [address, setAddress] = useState(search.address ?? '');
  const [amount, setAmount] = useState(search.amount && isTypingAllowed(search.amount) ? search.amount : '');
  const [pasteFlag, setPasteFlag] = useState(false);
  const [overrideFor, setOverrideFor] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const {
    enabled,
    channel,
    detail,
    rulesSource,
    balance,
    rules: channelRules,
  } = useChannelRules(channels.data, wallet.data, {
    picked: pickedChannel,
    currency: search.currency,
    network: search.network,
    savedCurrency,
  });

  const verdict = useAddressVerdict(address, detail.data?.contractAddress);
  const trimmed = address.trim();
  // The fee follows the chain's cost for this very address, once it is one.
  const feeQuote = useFeeQuote(channel?.id, verdict.kind === 'valid' ? trimmed : null);
  const rules = channelRules && { ...channelRules, fee: feeQuote.fee ?? channelRules.fee };
  const lookalike = verdict.kind === 'valid' && verdict.lookalikeOf && overrideFor !== trimmed ? verdict.lookalikeOf : null;
  const { contacts, savedAs, allowlistProblem } = useSavedAddress(trimmed, channel?.network, verdict.kind === 'valid');

  const amountProblem = rules ? checkAmount(amount, rules) : 'required';

  const { amountText, addressText } = useFieldMessages(rules, channel?.virtualCurrencyName ?? '');
  const addressError = addressText(verdict, { submitted, blockedLookalike: Boolean(lookalike) });
  const showAmountError = submitted || (amount !== '' && amountProblem !== 'required');

  const { step, setStep, refusal, setRefusal, formError, setFormError, sender, send, backToForm } = useTransferSteps({
    channelId: channel?.id ?? '',
    address: trimmed,
  });

  const offlineReason = online
    ? null
    : t`You are offline. Transfers are refused while offline and never queued; reconnect and try again.`;
  // After a recovery without the second factor (services/security/recovery.ts): said before typing.
  const pausedUntil = activePause(user);

  const next = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!channel || verdict.kind !== 'valid' || amountProblem || allowlistProblem) return;
    if (lookalike) {
      setStep('compare');
      return;
    }
    if (offlineReason || pausedUntil) return;
    if (user && !user.tradePasswordSet) {
      setStep('set-password');
      return;
    }
    setStep('confirm');
  };

  const { warnings, needsAck } = destinationWarnings(verdict, {
    pasteFlag,
    overridden: overrideFor === trimmed,
    blockedLookalike: Boolean(lookalike),
  });

  // Offline with nothing saved, the notice alone says why: no skeleton that would never fill.
  if (channels.isPending && !offlineReason) {
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
      {pausedUntil && <p className="notice notice--warning">{pausedUntilText(pausedUntil)}</p>}
      {channels.isPending ? null : !channel ? (
        <p className="empty-state">
          <Trans>No transfer channel is available right now.</Trans>
        </p>
      ) : (
        <form className="stack transfer" onSubmit={next} noValidate>
          <ChannelSelect
            channels={enabled}
            value={channel.id}
            onChange={(id) => {
              setPickedChannel(id);
              setFormError(null);
            }}
          />

          <AddressField
            value={address}
            error={addressError}
            onChange={(next, pasteMismatch) => {
              setAddress(next);
              setPasteFlag(pasteMismatch);
            }}
            onCompare={lookalike ? () => setStep('compare') : null}
          />
          <AddressBookHints
            savedAs={savedAs}
            allowlistProblem={allowlistProblem}
            contacts={contacts}
            onPick={(picked) => {
              setAddress(picked);
              setPasteFlag(false);
            }}
          />
          {warnings}

          <AmountField
            value={amount}
            currency={cur}
            error={showAmountError && amountProblem ? amountText(amountProblem) : null}
            onChange={(next) => {
              setAmount(next);
              setFormError(null);
            }}
            onMax={rules && (() => setAmount(maxSendable(rules)))}
          />
          <ChannelFacts
            balance={balance}
            currency={cur}
            precision={precision}
            rules={rulesSource ? { ...rulesSource, fee: rules?.fee ?? rulesSource.fee } : null}
            arrivalMinutes={detail.data?.arrivalMinutes}
          />
          {formError && (
            <p className="notice notice--danger" role="alert">
              {formError}
            </p>
          )}
          <button
            type="submit"
            className="button button--block"
            // A valid address's fee is being asked: the next step shows it, so it waits for it.
            disabled={Boolean(offlineReason) || Boolean(pausedUntil) || sender.pending || feeQuote.pending}
          >
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
            internal: feeQuote.internal,
          }}
          warnings={warnings}
          needsAck={needsAck}
          disabledReason={offlineReason}
          onClose={() => setStep((s) => (s === 'confirm' ? 'form' : s))}
          onConfirm={() => {
            setRefusal(null);
            setStep('authorize');
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
        step={step === 'authorize' || step === 'set-password' ? step : null}
        authenticatorBound={Boolean(user?.googleBound)}
        passkeyReady={passkeyReady}
        sender={sender}
        refusal={refusal}
        online={online}
        onStep={(next, from) => {
          setRefusal(null);
          setStep((s) => (from !== undefined && s !== from ? s : next));
        }}
        onSend={sendWith}
        onAbandoned={() => backToForm(t`The outcome of the last transfer is unknown. Check your records before sending again.`)}
      />
    </Page>
  );

  function sendWith(password: string, second?: { googleCode: string } | { withPasskey: true }) {
    if (!channel || !isOnline()) return backToForm(offlineReason ?? t`You are offline.`);
    send({
      channelId: channel.id,
      address: trimmed,
      amount: amount.trim(),
      // The fee the user confirmed: the server refuses the transfer if it has risen since.
      ...(rules ? { fee: rules.fee } : {}),
      tradePassword: password,
      ...second,
    });
  }
}
