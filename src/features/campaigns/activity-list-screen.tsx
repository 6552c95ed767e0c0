/** The Activity tab: All, In Review and Completed, each a paged list of activity cards. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { activitiesInfiniteQueryOptions } from '../../api/activity';
import { queryKeys } from '../../api/query-keys';
import type { ActivityTab } from '../../contract/activity';
import { errorMessage } from '../../session/error-messages';
import { Amount } from '../../ui/amount';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { QueryList } from '../../ui/query-list';
import { Tabs, tabPanelProps } from '../../ui/tabs';
import { ActivityPopup } from './activity-popup';
import { activityBadge } from './status';
import { useBadgeLabels } from './use-labels';
import './activity.css';
import { contentLangProps } from '../../lib/i18n/content-lang';
import { refreshNow } from '../../session/online';

export function ActivityListScreen() {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<ActivityTab>('all');
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(activitiesInfiniteQueryOptions(tab));
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  const labels = useBadgeLabels();
  const dateFmt = new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'medium' });
  const tabs = [
    { value: 'all' as const, label: t`All` },
    { value: 'review' as const, label: t`In review` },
    { value: 'completed' as const, label: t`Completed` },
  ];

  return (
    <Page title={t`Activity`} tab>
      <Tabs label={t`Activities`} tabs={tabs} value={tab} onChange={setTab} idPrefix="activity" />
      <div {...tabPanelProps('activity', tab)}>
        <PullToRefresh onRefresh={() => refreshNow(() => queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }))}>
          <QueryList
            query={query}
            skeletonRows={4}
            errorText={errorMessage}
            label={t`Activities`}
            items={items}
            getKey={(a) => a.id}
            estimateSize={132}
            empty={
              <p className="empty-state">
                {tab === 'all' ? <Trans>No activities right now.</Trans> : <Trans>Nothing here yet.</Trans>}
              </p>
            }
            renderItem={(a) => {
              const badge = activityBadge(a);
              const ends = dateFmt.format(new Date(a.endAt));
              return (
                <Link to="/pages/activity/detail" search={{ id: a.id }} className="card activity-card">
                  <span className="activity-card__head">
                    <span className="activity-card__title" {...contentLangProps(a.lang)}>
                      {a.title}
                    </span>
                    <span className="activity-badge" data-badge={badge}>
                      {labels[badge]}
                    </span>
                  </span>
                  <span className="muted activity-card__summary" {...contentLangProps(a.lang)}>
                    {a.summary}
                  </span>
                  <span className="activity-card__foot">
                    <span className="activity-card__reward">
                      <Amount value={a.rewardAmount} places={6} symbol={a.rewardCurrency} />
                    </span>
                    <span className="muted">
                      <Trans>Ends {ends}</Trans>
                    </span>
                  </span>
                </Link>
              );
            }}
          />
        </PullToRefresh>
      </div>
      <ActivityPopup />
    </Page>
  );
}
