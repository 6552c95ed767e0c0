/** This operator's open sessions, each of which can be ended (a lost laptop, a shared tablet). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endSession, sessionsQueryOptions } from '../../session/operator';
import { ErrorAlert } from '../../ui/error-alert';

export function SessionsScreen() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const end = useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
  const when = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="stack">
      <h1>
        <Trans>Your sessions</Trans>
      </h1>
      <p className="muted">
        <Trans>A session ends after 15 idle minutes, and after 12 hours at most.</Trans>
      </p>
      <ErrorAlert error={end.error} />
      {sessions.isPending && <div className="skeleton review-skeleton" aria-hidden="true" />}
      {sessions.data?.map((s) => (
        <div key={s.id} className="card row spread">
          <div>
            <div>
              <span className="mono">{s.ip}</span> · {s.userAgent}
            </div>
            <div className="muted">
              <Trans>
                Signed in {when(s.createdAt)} · last seen {when(s.lastSeenAt)}
              </Trans>
            </div>
          </div>
          {s.current ? (
            <span className="badge good">
              <Trans>This session</Trans>
            </span>
          ) : (
            <button className="btn" type="button" disabled={end.isPending} onClick={() => end.mutate(s.id)}>
              <Trans>End</Trans>
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
