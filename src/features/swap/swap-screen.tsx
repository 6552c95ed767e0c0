/**
 * Flash swap: pick a pair, enter the amount, see the exact amount out, confirm, then enter the
 * trade password. Submitted through the shared secured-submit flow: one idempotency key per
 * confirmed attempt, reused only when the outcome is unknown; refusals go back to the form.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { exchangePairsQueryOptions, swap } from '../../api/exchange';
import { memberInfoQueryOptions, walletQueryOptions } from '../../api/member';
import { queryKeys } from '../../api/query-keys';
import { ErrorCode } from '../../contract/errors';
import type { ExchangePair } from '../../contract/exchange';
import { isAmountDraft } from '../../lib/money/amount-input';
import { compare, formatAmountFloor } from '../../lib/money/money';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { useSecuredSubmit } from '../../shared/use-secured-submit';
import { Amount, formatAmountForLocale } from '../../ui/amount';
import { formatAmountText } from '../../ui/amount-text';
import { CodeDialog } from '../../ui/code-dialog';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/field';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { TradePasswordRequiredDialog } from '../../ui/trade-password-required';
import { quoteSwap, type SwapProblem, swapProblem } from './quote';
import { SwapFacts } from './swap-facts';
import './swap.css';
import { ReverseIcon } from '../../ui/action-icons';

const route = getRouteApi('/pages/reward/swap');

type Step = 'edit' | 'confirm' | 'password' | 'need-password';

export function SwapScreen() {
  const { t } = useLingui();
  const { pair: pairId } = route.useSearch();
  const navigate = useNavigate();
  const pairs = useQuery(exchangePairsQueryOptions());
  const enabled = pairs.data?.filter((p) => p.enabled) ?? [];
  const pair = enabled.find((p) => p.id === pairId) ?? enabled[0];

  return (
    <Page title={t`Swap`} backTo="/pages/reward/index">
      {pairs.isPending ? (
        <div className="card stack" aria-busy="true">
          <Skeleton height={48} />
          <Skeleton height={72} />
          <Skeleton height={72} />
          <Skeleton height={48} />
        </div>
      ) : !pair ? (
        <p className="empty-state">
          {pairs.isError ? errorMessage(pairs.error) : <Trans>No swap pairs are available right now.</Trans>}
        </p>
      ) : (
        <SwapForm
          key={pair.id}
          pair={pair}
          pairs={enabled}
          onPair={(id) => void navigate({ to: '/pages/reward/swap', search: { pair: id }, replace: true })}
        />
      )}
      <Link to="/pages/reward/swap-record" className="button button--secondary button--block">
        <Trans>Swap records</Trans>
      </Link>
    </Page>
  );
}

function SwapForm({ pair, pairs, onPair }: { pair: ExchangePair; pairs: ExchangePair[]; onPair: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hidden = useAppStore((s) => !s.isShowAmount);
  const online = useOnline();
  const wallet = useQuery(walletQueryOptions());
  const member = useQuery(memberInfoQueryOptions());
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>('edit');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const balance = wallet.data ? (wallet.data.assets.find((a) => a.currency === pair.fromCurrency)?.balance ?? '0') : null;
  const problem = swapProblem(amount, pair, balance);
  const out = problem === null || problem === 'insufficient' ? quoteSwap(amount, pair) : null;
  const reverse = pairs.find((p) => p.fromCurrency === pair.toCurrency && p.toCurrency === pair.fromCurrency);

  const problemText = (p: SwapProblem | null): string | null => {
    switch (p) {
      case 'empty':
        return t`Enter an amount.`;
      case 'format':
        return t`Enter a number with at most ${plural(pair.fromPrecision, { one: '# decimal place', other: '# decimal places' })}.`;
      case 'below':
        return t`The minimum is ${formatAmountText(pair.minAmount, pair.fromPrecision, pair.fromCurrency, i18n.locale)}.`;
      case 'above':
        return t`The maximum is ${formatAmountText(pair.maxAmount, pair.fromPrecision, pair.fromCurrency, i18n.locale)}.`;
      case 'insufficient':
        return t`Insufficient balance.`;
      case 'tooSmall':
        return t`The amount is too small to swap.`;
      default:
        return null;
    }
  };

  const sender = useSecuredSubmit({
    // The body is the attempt's: a retry resends exactly what was confirmed.
    submit: (body: { pairId: string; amount: string; tradePassword: string }, key: string) => swap(body, key),
    onSuccess: (record) => {
      setStep('edit');
      setAmount('');
      setTouched(false);
      void showToast(
        t`Swapped ${formatAmountText(record.fromAmount, pair.fromPrecision, record.fromCurrency, i18n.locale)} for ${formatAmountText(record.toAmount, pair.toPrecision, record.toCurrency, i18n.locale)}`,
        'success',
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.exchange.records });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.prizePool.all });
      // It ends on its receipt, as a transfer does: the record of what left and what came in.
      if (record.recordId) void navigate({ to: '/pages/record/detail', search: { id: record.recordId } });
    },
    onRefused: (error, back) => {
      if (back === 'password') {
        setPasswordError(errorMessage(error));
        return;
      }
      if (back === 'set-password') {
        setStep('need-password');
        return;
      }
      // The amount no longer fits (balance moved, limits changed): back to the form with the reason.
      setStep('edit');
      const known: Partial<Record<number, SwapProblem>> = {
        [ErrorCode.BELOW_MINIMUM]: 'below',
        [ErrorCode.ABOVE_MAXIMUM]: 'above',
        [ErrorCode.INSUFFICIENT_BALANCE]: 'insufficient',
      };
      const code = (error as { code?: number }).code;
      const mapped = code !== undefined ? known[code] : undefined;
      void showToast(mapped ? (problemText(mapped) ?? errorMessage(error)) : errorMessage(error), 'error');
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.exchange.pairs });
    },
  });
  // Unknown outcome: said in the password prompt; confirming again resends the same attempt.
  const shownPasswordError = sender.unknownOutcome && sender.error ? errorMessage(sender.error) : passwordError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem !== null) return;
    if (member.data && !member.data.tradePasswordSet) {
      setStep('need-password');
      return;
    }
    setStep('confirm');
  };

  const max = () => {
    if (balance === null) return;
    const cap = compare(balance, pair.maxAmount) < 0 ? balance : pair.maxAmount;
    setAmount(formatAmountFloor(cap, pair.fromPrecision));
    setTouched(true);
  };

  const error = touched ? problemText(problem) : null;
  return (
    <>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="card stack">
          <div className="swap-pairs">
            <select className="swap-select" value={pair.id} onChange={(e) => onPair(e.target.value)} aria-label={t`Pair`}>
              {pairs.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.fromCurrency} → {p.toCurrency}
                </option>
              ))}
            </select>
            {reverse && (
              <button type="button" className="icon-button" aria-label={t`Reverse direction`} onClick={() => onPair(reverse.id)}>
                <ReverseIcon width={22} height={22} />
              </button>
            )}
          </div>
          <TextField
            label={t`You pay (${pair.fromCurrency})`}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder={`${formatAmountForLocale(pair.minAmount, pair.fromPrecision, i18n.locale)} – ${formatAmountForLocale(pair.maxAmount, pair.fromPrecision, i18n.locale)}`}
            onValueChange={(v) => {
              const text = v.replace(',', '.');
              if (isAmountDraft(text, pair.fromPrecision)) setAmount(text);
            }}
            error={error}
            hint={
              <span className="swap-balance">
                <Trans>
                  Available:{' '}
                  <Amount value={balance ?? '0'} places={pair.fromPrecision} symbol={pair.fromCurrency} hidden={hidden} />
                </Trans>
              </span>
            }
            end={
              <button type="button" className="link-button" onClick={max} disabled={balance === null}>
                <Trans>Max</Trans>
              </button>
            }
          />
          <div className="swap-out" aria-live="polite">
            <span className="muted">
              <Trans>You receive</Trans>
            </span>
            <output className="swap-out__value">
              {/* No quote for an amount that cannot be swapped ("0 TSR" read as a real outcome): the reason
                  instead, until the field itself shows it. */}
              {out !== null ? (
                <Amount value={out} places={pair.toPrecision} symbol={pair.toCurrency} />
              ) : amount.trim() === '' || error ? (
                '—'
              ) : (
                <span className="swap-out__reason">{problemText(problem)}</span>
              )}
            </output>
          </div>
          <SwapFacts pair={pair} showLimits />
        </div>
        <button
          type="submit"
          className="button button--block"
          disabled={!online}
          aria-describedby={online ? undefined : 'swap-offline'}
        >
          <Trans>Swap</Trans>
        </button>
        {!online && (
          <p id="swap-offline" className="field__hint">
            <Trans>Swaps need a connection. They are never queued while offline.</Trans>
          </p>
        )}
      </form>

      <ConfirmDialog
        open={step === 'confirm'}
        title={t`Confirm swap`}
        confirmLabel={t`Confirm`}
        // Money about to move is reviewed in a bottom sheet, as a transfer is.
        variant="sheet"
        onClose={() => setStep((s) => (s === 'confirm' ? 'edit' : s))}
        onConfirm={() => {
          sender.abandon();
          setPasswordError(null);
          setStep('password');
        }}
      >
        <SwapFacts pair={pair} amounts={{ pay: amount || '0', receive: out ?? '0' }} />
      </ConfirmDialog>
      <CodeDialog
        open={step === 'password'}
        kind="trade-password"
        error={shownPasswordError}
        pending={sender.pending}
        onClose={() => {
          if (sender.pending) return;
          setStep((s) => (s === 'password' ? 'edit' : s));
          sender.abandon();
        }}
        onSubmit={(code) => {
          setPasswordError(null);
          if (sender.unknownOutcome) sender.retry();
          else sender.send({ pairId: pair.id, amount, tradePassword: code });
        }}
      />
      <TradePasswordRequiredDialog open={step === 'need-password'} onClose={() => setStep('edit')} />
    </>
  );
}
