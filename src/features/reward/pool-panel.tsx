/** The reward pool panel: total pool, countdown (or "distributing"), and the caller's share. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import type { PrizePoolInfo } from '../../contract/prize-pool';
import { Amount } from '../../ui/amount';
import { Skeleton } from '../../ui/skeleton';
import { clockOffsetMs, splitDuration } from './countdown';
import { useServerCountdown } from './use-server-countdown';

const TOKEN_PLACES = 6;

export function formatRatio(ratio: string, locale: string): string {
  try {
    // NumberFormat v3 formats the exact decimal string.
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(ratio as unknown as number);
  } catch {
    return `${ratio}`;
  }
}

function Countdown({ ms, locale }: { ms: number; locale: string }) {
  const { days, hours, minutes, seconds } = splitDuration(ms);
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const clock = `${two.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`;
  const dayCount = new Intl.NumberFormat(locale).format(days);
  return (
    <bdi className="pool-countdown" dir="ltr" role="timer" aria-live="off">
      {days > 0 ? (
        <Trans>
          {dayCount} d {clock}
        </Trans>
      ) : (
        clock
      )}
    </bdi>
  );
}

export function PoolPanel({
  info,
  receivedAt,
  hidden,
}: {
  info: PrizePoolInfo | undefined;
  receivedAt: number;
  hidden: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale.replace('_', '-');
  const queryClient = useQueryClient();
  const offset = info ? clockOffsetMs(info.serverTime, receivedAt) : 0;
  const left = useServerCountdown(info?.nextDistributionAt, offset);
  const due = left === 0;
  const distributing = Boolean(info?.distributing);

  // At zero (or while a distribution runs) ask again until the server reports the next period.
  useEffect(() => {
    if (!due && !distributing) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: queryKeys.prizePool.all }), 3000);
    return () => clearInterval(timer);
  }, [due, distributing, queryClient]);

  if (!info) {
    return (
      <section className="card pool-panel" aria-busy="true" aria-label={t`Reward pool`}>
        <Skeleton width="40%" height={14} />
        <Skeleton width="70%" height={32} />
        <Skeleton width="50%" height={22} />
        <div className="pool-stats">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} height={44} />
          ))}
        </div>
      </section>
    );
  }
  const token = info.currency;
  return (
    <section className="card pool-panel" aria-label={t`Reward pool`}>
      <p className="pool-panel__label muted">
        <Trans>Total reward pool</Trans>
      </p>
      <p className="pool-panel__total">
        <Amount value={info.totalPool} places={TOKEN_PLACES} symbol={token} />
      </p>
      <p className="pool-panel__explain muted">
        <Trans>Shared out every day to everyone holding {token}, in proportion to how much each holds.</Trans>
      </p>
      <div className="pool-panel__next">
        {distributing || due ? (
          <span className="pool-distributing" role="status">
            <span className="spinner spinner--inline" aria-hidden="true" />
            <Trans>Distributing…</Trans>
          </span>
        ) : (
          <>
            <span className="muted">
              <Trans>Next distribution in</Trans>
            </span>
            <Countdown ms={left ?? 0} locale={locale} />
          </>
        )}
      </div>
      <dl className="pool-stats">
        <div>
          <dt>
            <Trans>Today's reward</Trans>
          </dt>
          <dd>
            <Amount value={info.todayReward} places={TOKEN_PLACES} symbol={token} hidden={hidden} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Total earned</Trans>
          </dt>
          <dd>
            <Amount value={info.totalEarned} places={TOKEN_PLACES} symbol={token} hidden={hidden} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Tokens held</Trans>
          </dt>
          <dd>
            <Amount value={info.tokensHeld} places={TOKEN_PLACES} symbol={token} hidden={hidden} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Holding ratio</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">{hidden ? '******' : formatRatio(info.holdingRatio, locale)}</bdi>
          </dd>
        </div>
      </dl>
    </section>
  );
}
