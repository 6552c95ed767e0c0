/** What waits for this operator: one card per queue their role may open. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { overviewQueryOptions } from './api';

export function OverviewScreen() {
  const { t } = useLingui();
  const { data, isPending } = useQuery(overviewQueryOptions());
  return (
    <section className="stack">
      <h1>
        <Trans>What waits for you</Trans>
      </h1>
      {isPending ? (
        <div className="card skeleton queue-card" aria-hidden="true" />
      ) : (
        <div className="row">
          {data?.participations != null && (
            <Link to="/reviews" className="card stack queue-card">
              <span className="count">{data.participations}</span>
              <span>
                <Plural value={data.participations} one="participation to review" other="participations to review" />
              </span>
            </Link>
          )}
          {data?.withdrawals != null && (
            <Link to="/withdrawals" className="card stack queue-card">
              <span className="count">{data.withdrawals}</span>
              <span>
                <Plural
                  value={data.withdrawals}
                  one="withdrawal waiting for a decision"
                  other="withdrawals waiting for a decision"
                />
              </span>
            </Link>
          )}
          {data?.custody && (
            <Link to="/money" className="card stack queue-card">
              <span
                className={data.custody.balanced === false ? 'badge bad' : data.custody.balanced ? 'badge good' : 'badge warn'}
              >
                {data.custody.balanced === null
                  ? t`Not reconciled yet`
                  : data.custody.balanced
                    ? t`Books match the chain`
                    : t`A difference nothing explains`}
              </span>
              <span>
                <Plural value={data.custody.sweepHolds} one="# sweep held" other="# sweeps held" />
              </span>
            </Link>
          )}
          {data?.participations == null && data?.withdrawals == null && (
            <p className="note">
              <Trans>No queue waits for your role: the menu has what you can open.</Trans>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
