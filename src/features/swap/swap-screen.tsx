/**
 * Flash swap: pick the tokens paid and received (an enabled pair), enter the amount, see the exact
 * amount out, confirm, then enter the trade password. Submitted through the shared secured-submit
 * flow: one idempotency key per confirmed attempt, reused only when the outcome is unknown; refusals
 * go back to the form.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react';
import { exchangePairsQueryOptions, swap } from '../../api/exchange';
import { memberInfoQueryOptions, walletQueryOptions } from '../../api/member';
import { queryKeys } from '../../api/query-keys';
import { ErrorCode } from '../../contract/errors';
import type { ExchangePair } from '../../contract/exchange';
import { compare, formatAmountFloor } from '../../lib/money/money';
import { errorMessage } from '../../session/error-messages';
import { useOnline } from '../../session/online';
import { useAppStore } from '../../session/store';
import { useSecuredSubmit } from '../../shared/use-secured-submit';
import { formatAmountText } from '../../ui/amount-text';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Page } from '../../ui/page';
import { type SecurityRefusal, SecuritySheet } from '../../ui/security-sheet';
import { Skeleton } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { TradePasswordRequiredDialog } from '../../ui/trade-password-required';
import { quoteSwap, type SwapProblem, swapProblem } from './quote';
import { PayAmount, ReceiveAmount } from './swap-amounts';
import { type PairControl, SwapCards } from './swap-cards';
import { SwapFacts } from './swap-facts';
import { useProblemText } from './use-problem-text';
import './swap.css';

const route = getRouteApi('/pages/reward/swap');

type Step = 'edit' | 'confirm' | 'password' | 'need-password';

export function SwapScreen() {
  const { t } = useLingui();
  const { pair: pairId } = route.useSearch();
  const navigate = useNavigate();
  const pairs = useQuery(exchangePairsQueryOptions());
  const enabled = pairs.data?.filter((p) => p.enabled) ?? [];
  const pair = enabled.find((p) => p.id === pairId) ?? enabled[0];
  const focusAfter = useRef<PairControl | null>(null);

  return (
    <Page title={t`Swap`} backTo="/pages/reward/index">
      {pairs.isPending ? (
        // The form's shape (the two token cards, the facts, the button), so it arrives without a shift.
        <div className="stack" aria-busy="true">
          <div className="swap-cards">
            <Skeleton height={158} radius={14} />
            <div className="swap-cards__reverse" />
            <Skeleton height={110} radius={14} />
          </div>
          <Skeleton height={81} radius={14} />
          <Skeleton height={48} radius={12} />
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
          focusAfter={focusAfter}
          onPair={(id, control) => {
            focusAfter.current = control;
            void navigate({ to: '/pages/reward/swap', search: { pair: id }, replace: true });
          }}
        />
      )}
      <Link to="/pages/reward/swap-record" className="button button--secondary button--block">
        <Trans>Swap records</Trans>
      </Link>
    </Page>
  );
}

interface SwapFormProps {
  pair: ExchangePair;
  pairs: ExchangePair[];
  focusAfter: RefObject<PairControl | null>;
  onPair: (id: string, control: PairControl) => void;
}

function SwapForm({ pair, pairs, focusAfter, onPair }: SwapFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hidden = useAppStore((s) => !s.isShowAmount);
  const online = useOnline();
  const wallet = useQuery(walletQueryOptions());
  const member = useQuery(memberInfoQueryOptions());
  const problemText = useProblemText(pair);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<Step>('edit');
  const [passwordError, setPasswordError] = useState<SecurityRefusal | null>(null);

  const balance = wallet.data ? (wallet.data.assets.find((a) => a.currency === pair.fromCurrency)?.balance ?? '0') : null;
  const problem = swapProblem(amount, pair, balance);
  const out = problem === null || problem === 'insufficient' ? quoteSwap(amount, pair) : null;

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
        setPasswordError({ field: 'tradePassword', message: errorMessage(error) });
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
  const unknownError = sender.unknownOutcome ? sender.error : null;
  // Stable between renders: the sheet empties and focuses a field each time its refusal changes.
  const refusal = useMemo<SecurityRefusal | null>(
    () => (unknownError ? { field: 'form', message: errorMessage(unknownError) } : passwordError),
    [unknownError, passwordError],
  );

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
        <SwapCards
          pair={pair}
          pairs={pairs}
          assets={wallet.data?.assets}
          hidden={hidden}
          onPair={onPair}
          focusAfter={focusAfter}
          pay={
            <PayAmount
              pair={pair}
              amount={amount}
              onAmount={setAmount}
              error={error}
              balance={balance}
              hidden={hidden}
              onMax={max}
            />
          }
          // Before the field is judged the outcome says why there is none; after, the field does.
          receive={<ReceiveAmount pair={pair} out={out} reason={amount.trim() === '' || error ? null : problemText(problem)} />}
        />
        <div className="card">
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
      <SecuritySheet
        open={step === 'password'}
        tradePassword
        refusal={refusal}
        pending={sender.pending}
        onClose={() => {
          if (sender.pending) return;
          setStep((s) => (s === 'password' ? 'edit' : s));
          sender.abandon();
        }}
        onSubmit={({ tradePassword }) => {
          setPasswordError(null);
          if (sender.unknownOutcome) sender.retry();
          else sender.send({ pairId: pair.id, amount, tradePassword });
        }}
      />
      <TradePasswordRequiredDialog open={step === 'need-password'} onClose={() => setStep('edit')} />
    </>
  );
}
