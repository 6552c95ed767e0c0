/**
 * Home's portfolio chart: the total value in the chosen currency unit over 7 days, 30 days or a
 * year, with the change over the range in words (the chart's text alternative). Shown from the
 * saved copy offline, with the time of that copy. Its own chunk: home paints without it.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { portfolioQueryOptions } from '../../../api/member';
import type { PortfolioRange } from '../../../contract/member';
import { AMOUNT_MASK } from '../../../lib/money/money';
import { formatFiatForLocale } from '../../../ui/amount';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { useDateTime } from '../../../ui/use-date-time';
import { chartPaths, summarize } from './portfolio-model';
import './portfolio.css';

const WIDTH = 320;
const HEIGHT = 96;

interface Props {
  fiat: { code: string; rate: string };
  hidden: boolean;
}

export default function PortfolioCard({ fiat, hidden }: Props) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [range, setRange] = useState<PortfolioRange>('30d');
  const query = useQuery(portfolioQueryOptions(range));
  const dayCount = plural(range === '7d' ? 7 : 30, { one: '# day', other: '# days' });
  const ranges = [
    { value: '7d' as const, label: plural(7, { one: '# day', other: '# days' }) },
    { value: '30d' as const, label: plural(30, { one: '# day', other: '# days' }) },
    { value: '1y' as const, label: t`1 year` },
  ];
  const locale = i18n.locale;
  const dateTime = useDateTime();
  const s = query.data
    ? summarize(
        query.data.points.map((p) => p.valueUsd),
        fiat.rate,
      )
    : null;
  const paths = s ? chartPaths(s.values, WIDTH, HEIGHT) : null;
  const sign = s && !s.change.startsWith('-') && s.change !== '0' ? '+' : '';
  const change = s ? (hidden ? AMOUNT_MASK : `${sign}${formatFiatForLocale(s.change, fiat.code, locale)}`) : '';
  const percent =
    s?.ratio == null || hidden
      ? null
      : new Intl.NumberFormat(locale.replace('_', '-'), {
          style: 'percent',
          maximumFractionDigits: 1,
          signDisplay: 'exceptZero',
        }).format(s.ratio as unknown as number);
  const asOf = query.data ? dateTime(query.data.asOf) : '';
  const trend = s?.change.startsWith('-') ? 'down' : 'up';
  const changeText = (
    <span className={`portfolio__change portfolio__change--${trend}`}>
      <bdi dir="ltr">{change}</bdi>
      {percent && (
        <>
          {' '}
          <bdi dir="ltr">({percent})</bdi>
        </>
      )}
    </span>
  );

  return (
    <section className="card portfolio" aria-labelledby={titleId}>
      <div className="portfolio__head">
        <h2 id={titleId} className="portfolio__title">
          <Trans>Portfolio</Trans>
        </h2>
      </div>
      <Tabs label={t`Range`} tabs={ranges} value={range} onChange={setRange} idPrefix="portfolio" />
      <div
        id="portfolio-panel"
        role="tabpanel"
        aria-labelledby={`portfolio-tab-${range}`}
        aria-busy={!s && !query.isError}
        className="portfolio__panel"
      >
        {!s || !paths ? (
          query.isError ? (
            <p className="muted portfolio__note">
              <Trans>The chart could not be loaded.</Trans>
            </p>
          ) : (
            <Skeleton width="100%" height="var(--portfolio-panel)" />
          )
        ) : s.empty ? (
          <p className="muted portfolio__note">
            <Trans>Your portfolio history starts with your first deposit.</Trans>
          </p>
        ) : (
          <figure className="portfolio__figure">
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              className={`portfolio__chart portfolio__chart--${trend}`}
              role="img"
              aria-label={t`Portfolio value chart`}
              aria-describedby={`${titleId}-summary`}
            >
              <path d={paths.area} className="portfolio__area" />
              <path d={paths.line} className="portfolio__line" vectorEffect="non-scaling-stroke" />
            </svg>
            <figcaption id={`${titleId}-summary`} className="portfolio__summary">
              <span>
                {range !== '1y' ? (
                  <Trans>
                    {changeText} in the last {dayCount}
                  </Trans>
                ) : (
                  <Trans>{changeText} in the last year</Trans>
                )}
              </span>
              <span className="portfolio__asof muted">
                <Trans>Prices and holdings as of {asOf}</Trans>
              </span>
            </figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}
