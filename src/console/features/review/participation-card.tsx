/**
 * One participation as a reviewer judges it: the activity, the partner user ID, the screenshots,
 * the earlier participations that used the same ID or the same image, and the decision — a
 * rejection needs the reason the user will read.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { QueuedParticipation } from '../../../contract/console';
import { DecisionBar } from '../../ui/decision-bar';
import { ErrorAlert } from '../../ui/error-alert';
import { useReviewDecision } from './api';
import { Screenshot } from './screenshot';

export function ParticipationCard({ participation: p }: { participation: QueuedParticipation }) {
  const { t, i18n } = useLingui();
  const decision = useReviewDecision();
  const headingId = useId();
  const submitted = i18n.date(p.submittedAt, { dateStyle: 'medium', timeStyle: 'short' });
  const sameLabel = (same: 'partner-uid' | 'image') => (same === 'image' ? t`same screenshot` : t`same partner ID`);

  return (
    <article className="card stack" aria-labelledby={headingId}>
      <div className="row spread">
        <h2 id={headingId}>
          <Trans>
            Participation #{p.id} · {p.activityTitle}
          </Trans>
        </h2>
        <span className="muted">
          <Trans>
            User {p.userId} · sent {submitted}
          </Trans>
        </span>
      </div>
      <p>
        <Trans>
          {p.partnerName} user ID: <span className="mono">{p.partnerUid}</span>
        </Trans>
      </p>
      <div className="thumbs">
        {p.images.map((image, index) => (
          <Screenshot key={image.id} imageId={image.id} label={t`Screenshot ${index + 1} of participation ${p.id}`} />
        ))}
      </div>
      {p.earlier.length > 0 ? (
        <div className="note stack tight">
          <strong>
            <Trans>Seen before</Trans>
          </strong>
          <ul>
            {p.earlier.map((e) => (
              <li key={e.id}>
                <Trans>
                  Participation #{e.id} by user {e.userId} ({e.status})
                </Trans>{' '}
                {e.same.map((same) => (
                  <span key={same} className="badge bad">
                    {sameLabel(same)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="muted">
          <Trans>No other participation used this partner ID or these screenshots.</Trans>
        </p>
      )}
      <ErrorAlert error={decision.error} />
      <DecisionBar
        busy={decision.isPending}
        rejectLabel={<Trans>Reject</Trans>}
        onApprove={() => decision.mutate({ id: p.id, reason: null })}
        onReject={(reason) => decision.mutate({ id: p.id, reason })}
      />
    </article>
  );
}
