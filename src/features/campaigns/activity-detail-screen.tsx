/**
 * One activity: reward, dates, content and rules, then what the caller can do now — join,
 * wait for review, resubmit after a rejection, claim after approval, or see it completed.
 */

import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useRef } from 'react';
import { activityQueryOptions, claimReward } from '../../api/activity';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { ActivityDetail, Participation } from '../../contract/activity';
import { ErrorCode } from '../../contract/errors';
import { errorMessage } from '../../session/error-messages';
import { Amount } from '../../ui/amount';
import { formatAmountText } from '../../ui/amount-text';
import { FormAlert } from '../../ui/form-alert';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import { JoinForm } from './join-form';
import { activityBadge } from './status';
import { SubmittedImages } from './submitted-images';
import { useBadgeLabels } from './use-labels';
import './activity.css';
import { contentLangProps } from '../../lib/i18n/content-lang';

const route = getRouteApi('/pages/activity/detail');

export function ActivityDetailScreen() {
  const { t } = useLingui();
  const { id } = route.useSearch();
  const query = useQuery({ ...activityQueryOptions(id), meta: { inlineErrors: true } });
  return (
    <Page title={t`Activity`} backTo="/pages/activity/index">
      {query.data ? (
        <ActivityBody activity={query.data} />
      ) : query.isError ? (
        <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <div className="card stack" aria-busy="true">
          <Skeleton width="70%" height={24} />
          <Skeleton width="40%" height={18} />
          <Skeleton height={120} />
        </div>
      )}
    </Page>
  );
}

function ActivityBody({ activity }: { activity: ActivityDetail }) {
  const { i18n } = useLingui();
  const labels = useBadgeLabels();
  const badge = activityBadge(activity);
  const dateFmt = new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium' });
  const p = activity.participation;
  return (
    <>
      <article className="card stack">
        <div className="activity-card__head">
          <h2 className="activity-detail__title activity-card__title" {...contentLangProps(activity.lang)}>
            {activity.title}
          </h2>
          <span className="activity-badge" data-badge={badge}>
            {labels[badge]}
          </span>
        </div>
        <dl className="activity-facts">
          <dt>
            <Trans>Reward</Trans>
          </dt>
          <dd className="activity-card__reward">
            <Amount value={activity.rewardAmount} places={6} symbol={activity.rewardCurrency} />
          </dd>
          <dt>
            <Trans>Partner</Trans>
          </dt>
          <dd>{activity.partnerName}</dd>
          <dt>
            <Trans>Period</Trans>
          </dt>
          <dd>{dateFmt.formatRange(new Date(activity.startAt), new Date(activity.endAt))}</dd>
        </dl>
        <p className="activity-detail__content" {...contentLangProps(activity.lang)}>
          {activity.content}
        </p>
        {activity.rules.length > 0 && (
          <section className="stack" aria-labelledby="activity-rules">
            <h3 id="activity-rules" className="section-title">
              <Trans>Rules</Trans>
            </h3>
            <ol className="activity-rules" {...contentLangProps(activity.lang)}>
              {activity.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
          </section>
        )}
      </article>
      <ParticipationPanel activity={activity} participation={p} />
    </>
  );
}

function ParticipationPanel({ activity, participation: p }: { activity: ActivityDetail; participation: Participation | null }) {
  if (!p) {
    if (!activity.open) {
      return (
        <p className="card muted">
          <Trans>This activity has ended.</Trans>
        </p>
      );
    }
    return <JoinForm activity={activity} />;
  }
  if (p.status === 'rejected') {
    return (
      <>
        <div className="card stack">
          <p className="activity-reason" role="status">
            {p.reason ? <Trans>Rejected: {p.reason}</Trans> : <Trans>Your submission was rejected.</Trans>}
          </p>
          <Submitted p={p} />
        </div>
        {activity.open ? (
          <JoinForm activity={activity} rejected={p} />
        ) : (
          <p className="muted">
            <Trans>This activity has ended.</Trans>
          </p>
        )}
      </>
    );
  }
  return (
    <div className="card stack">
      {p.status === 'review' && (
        <p role="status">
          <Trans>Your submission is in review. We will let you know once it is checked.</Trans>
        </p>
      )}
      {p.status === 'approved' && <ClaimButton p={p} />}
      {p.status === 'claimed' && (
        <p role="status">
          <Trans>
            Reward claimed: <Amount value={p.rewardAmount} places={6} symbol={p.rewardCurrency} />
          </Trans>
        </p>
      )}
      <Submitted p={p} />
    </div>
  );
}

function Submitted({ p }: { p: Participation }) {
  const { i18n } = useLingui();
  const when = new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <dl className="activity-facts">
      <dt>
        <Trans>User ID</Trans>
      </dt>
      <dd>
        <bdi>{p.partnerUid}</bdi>
      </dd>
      <dt>
        <Trans>Images</Trans>
      </dt>
      <dd>
        <SubmittedImages ids={p.imageIds} />
      </dd>
      <dt>
        <Trans>Submitted</Trans>
      </dt>
      <dd>{when.format(new Date(p.updatedAt))}</dd>
    </dl>
  );
}

/** Claim after approval: one idempotency key per claim, reused if the same claim is retried. */
function ClaimButton({ p }: { p: Participation }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => {
      key.current ??= crypto.randomUUID();
      return claimReward({ participationId: p.id }, key.current);
    },
    meta: { inlineErrors: true },
    onSuccess: (done) => {
      key.current = null;
      void showToast(t`Claimed ${formatAmountText(done.rewardAmount, 6, done.rewardCurrency, i18n.locale)}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.records.all });
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : undefined;
      if (code === ErrorCode.ALREADY_CLAIMED) void queryClient.invalidateQueries({ queryKey: queryKeys.activity.all });
      const retryable = code === ErrorCode.NETWORK || code === ErrorCode.TIMEOUT || (code !== undefined && code >= 500);
      if (!retryable) key.current = null;
    },
  });
  return (
    <>
      <p role="status">
        <Trans>Approved! Claim your reward.</Trans>
      </p>
      <button type="button" className="button button--block" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {mutation.isPending ? (
          t`Claiming…`
        ) : (
          <Trans>
            Claim <Amount value={p.rewardAmount} places={6} symbol={p.rewardCurrency} />
          </Trans>
        )}
      </button>
      <FormAlert message={mutation.isError && errorMessage(mutation.error)} />
    </>
  );
}
