/**
 * One user, whole: who they are, what holds them, their balances, latest records with the chain
 * transaction beside each, live sessions, devices, deposit addresses and security changes. Support
 * lifts a withdrawal pause (after verifying the owner) or signs the account out everywhere.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CAN, meQueryOptions } from '../../session/operator';
import { ErrorAlert } from '../../ui/error-alert';
import { Table } from '../../ui/table';
import { type UserDossier, useProtectUser, userDossierQueryOptions } from './api';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card stack tight">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Locking needs the reason, for the team (the user is told only that the account is locked). */
function LockForm({ busy, onLock }: { busy: boolean; onLock: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onLock(reason.trim());
  };
  return (
    <form className="row bottom" onSubmit={submit}>
      <label className="field grow">
        <span>
          <Trans>Why lock it (for the team)</Trans>
        </span>
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      </label>
      <button className="btn danger" type="submit" disabled={busy || !reason.trim()}>
        <Trans>Lock the account</Trans>
      </button>
    </form>
  );
}

export function UserDossierView({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const dossier = useQuery(userDossierQueryOptions(id));
  const protect = useProtectUser(id);
  const when = (iso: string | null) => (iso ? i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  if (dossier.isPending) return <div className="card skeleton review-skeleton" aria-hidden="true" />;
  if (dossier.isError) return <ErrorAlert error={dossier.error} />;
  const d: UserDossier = dossier.data;
  const canProtect = CAN.protectUsers(me.role);
  const yes = (value: boolean) => (value ? t`yes` : t`no`);
  const changeText = (c: UserDossier['securityChanges'][number]) => {
    const name = c.name ?? '';
    return {
      'authenticator-bound': t`authenticator bound`,
      'passkey-added': t`passkey added: ${name}`,
      'allowlist-off': t`withdrawal allowlist turned off`,
      'told-of-failed-sign-ins': t`told of failed sign-ins`,
    }[c.kind];
  };

  return (
    <div className="stack">
      <Section title={t`User #${d.user.id}: ${d.user.nickname}`}>
        <dl className="facts">
          <dt>
            <Trans>Account</Trans>
          </dt>
          <dd className="mono">{d.user.account}</dd>
          <dt>
            <Trans>Joined</Trans>
          </dt>
          <dd>{when(d.user.createdAt)}</dd>
          <dt>
            <Trans>Activated</Trans>
          </dt>
          <dd>{yes(d.user.activated)}</dd>
          <dt>
            <Trans>Authenticator</Trans>
          </dt>
          <dd>{yes(d.user.authenticator)}</dd>
          <dt>
            <Trans>Withdrawal allowlist</Trans>
          </dt>
          <dd>{yes(d.user.allowlist)}</dd>
        </dl>
      </Section>
      <Section title={t`Holds`}>
        <ErrorAlert error={protect.error} />
        {d.holds.withdrawalsPausedUntil ? (
          <div className="row spread">
            <span className="badge warn">
              <Trans>
                Withdrawals paused until {when(d.holds.withdrawalsPausedUntil)} (a recovery without the second factor)
              </Trans>
            </span>
            {canProtect && (
              <button className="btn" type="button" disabled={protect.isPending} onClick={() => protect.mutate('lift-hold')}>
                <Trans>Lift the pause (owner verified)</Trans>
              </button>
            )}
          </div>
        ) : (
          <p className="muted">
            <Trans>Withdrawals are not paused.</Trans>
          </p>
        )}
        {d.user.locked ? (
          <div className="row spread">
            <span className="badge bad">
              <Trans>
                Locked since {when(d.user.locked.at)}: {d.user.locked.reason}
              </Trans>
            </span>
            {canProtect && (
              <button className="btn" type="button" disabled={protect.isPending} onClick={() => protect.mutate('unlock')}>
                <Trans>Unlock the account</Trans>
              </button>
            )}
          </div>
        ) : (
          canProtect && <LockForm busy={protect.isPending} onLock={(reason) => protect.mutate({ lock: reason })} />
        )}
        {d.holds.withdrawals.map((h) => (
          <p key={h.record}>
            <Trans>
              Withdrawal #{h.record} held since {when(h.since)}: {h.reason}
            </Trans>
          </p>
        ))}
      </Section>
      <Section title={t`Balances`}>
        <Table head={[t`Currency`, t`Available`, t`Frozen`]}>
          {d.balances.map((b) => (
            <tr key={b.currency}>
              <td>{b.currency}</td>
              <td className="mono">{b.available}</td>
              <td className="mono">{b.frozen}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title={t`Latest records`}>
        <Table head={['#', t`When`, t`What`, t`Status`, t`Amount`, t`To · transaction`]}>
          {d.records.map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
              <td>{when(r.createdAt)}</td>
              <td>
                {r.type} {r.direction === 'in' ? '←' : '→'}
              </td>
              <td>
                {r.status}
                {r.held && <div className="badge warn">{r.held.decision ?? r.held.reason}</div>}
                {r.chainState && <div className="muted">{r.chainState}</div>}
                {r.reason && <div className="muted">{r.reason}</div>}
              </td>
              <td className="mono nowrap">{r.amount}</td>
              <td className="mono">
                {r.to}
                {r.txId && <div className="muted">{r.txId}</div>}
              </td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section title={t`Sessions`}>
        <div className="row spread">
          <span>
            <Trans>{d.sessions.length} signed in</Trans>
          </span>
          {canProtect && d.sessions.length > 0 && (
            <button
              className="btn danger"
              type="button"
              disabled={protect.isPending}
              onClick={() => protect.mutate('sign-out-everywhere')}
            >
              <Trans>Sign out everywhere</Trans>
            </button>
          )}
        </div>
        {d.sessions.map((s) => (
          <p key={s.id} className="muted">
            <span className="mono">{s.ip}</span> · {s.userAgent} ·{' '}
            <Trans>
              since {when(s.createdAt)}, last seen {when(s.lastSeenAt)}
            </Trans>
          </p>
        ))}
      </Section>
      <Section title={t`Devices, deposit addresses, security changes`}>
        {d.devices.map((v) => (
          <p key={v.device} className="muted">
            <Trans>
              Device <span className="mono">{v.device}</span> last seen {when(v.lastSeenAt)}
            </Trans>
          </p>
        ))}
        {d.depositAddresses.map((a) => (
          <p key={`${a.currency}-${a.address}`}>
            {a.currency ?? t`Wallet`} {a.network}: <span className="mono">{a.address}</span>
          </p>
        ))}
        {d.securityChanges.map((c) => (
          <p key={`${c.at}-${c.kind}`}>
            {when(c.at)} · {changeText(c)}
          </p>
        ))}
      </Section>
    </div>
  );
}
