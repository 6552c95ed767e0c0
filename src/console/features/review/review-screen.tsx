/** The participations waiting for a reviewer, oldest first. */
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../ui/error-alert';
import { reviewQueueQueryOptions } from './api';
import { ParticipationCard } from './participation-card';

export function ReviewScreen() {
  const queue = useQuery(reviewQueueQueryOptions());
  return (
    <section className="stack">
      <h1>
        <Trans>Participations to review</Trans>
      </h1>
      {queue.isPending && <div className="card skeleton review-skeleton" aria-hidden="true" />}
      <ErrorAlert error={queue.error} />
      {queue.data?.length === 0 && (
        <p className="note">
          <Trans>Nothing waits for review.</Trans>
        </p>
      )}
      {queue.data?.map((p) => (
        <ParticipationCard key={p.id} participation={p} />
      ))}
    </section>
  );
}
