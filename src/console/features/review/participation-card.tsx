/**
 * One participation as a reviewer judges it: the activity, the partner user ID, the screenshots,
 * the earlier participations that used the same ID or the same image, and the decision — a
 * rejection needs the reason the user will read.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { useErrorText } from '../../ui/error-text';
import { type QueuedParticipation, useReviewDecision } from './api';
import { Screenshot } from './screenshot';

export function ParticipationCard({ participation: p }: { participation: QueuedParticipation }) {
  const { t, i18n } = useLingui();
  const errorText = useErrorText();
  const decision = useReviewDecision();
  const [reason, setReason] = useState('');
  const headingId = useId();
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) decision.mutate({ id: p.id, reason: reason.trim() });
  };
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
      {decision.isError && (
        <p className="alert" role="alert">
          {errorText(decision.error)}
        </p>
      )}
      <div className="row bottom">
        <button
          type="button"
          className="btn primary"
          disabled={decision.isPending}
          onClick={() => decision.mutate({ id: p.id, reason: null })}
        >
          <Trans>Approve</Trans>
        </button>
        <form className="row bottom grow" onSubmit={reject}>
          <label className="field grow">
            <span>
              <Trans>Reason the user reads</Trans>
            </span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </label>
          <button type="submit" className="btn danger" disabled={decision.isPending || !reason.trim()}>
            <Trans>Reject</Trans>
          </button>
        </form>
      </div>
    </article>
  );
}
