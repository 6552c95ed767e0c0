/**
 * The team: every operator with their role and open sessions; adding one (the one-time password
 * and authenticator URI are shown here once, to hand over a channel you trust); disabling one,
 * which ends their sessions. Nobody disables themselves.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { meQueryOptions, type OperatorRole } from '../../session/operator';
import { ErrorAlert } from '../../ui/error-alert';
import { Table } from '../../ui/table';
import { addOperator, disableOperator, operatorsQueryOptions, useServiceAction } from './api';

const ROLES: OperatorRole[] = ['reviewer', 'support', 'finance', 'admin'];

export function OperatorsSection() {
  const { t, i18n } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const operators = useQuery(operatorsQueryOptions());
  const add = useServiceAction(addOperator);
  const disable = useServiceAction(disableOperator);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('reviewer');
  const roleName = { reviewer: t`Reviewer`, support: t`Support`, finance: t`Finance`, admin: t`Admin` };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };
  const failure = add.error ?? disable.error ?? operators.error;
  return (
    <section className="card stack" aria-labelledby="operators-heading">
      <h2 id="operators-heading">
        <Trans>Operators</Trans>
      </h2>
      <ErrorAlert error={failure} />
      <Table head={[t`E-mail`, t`Role`, t`Open sessions`, t`Since`, '']}>
        {operators.data?.map((o) => (
          <tr key={o.id}>
            <td className="mono">{o.email}</td>
            <td>{roleName[o.role]}</td>
            <td>{o.openSessions}</td>
            <td>{i18n.date(o.createdAt, { dateStyle: 'medium' })}</td>
            <td>
              {o.disabledAt ? (
                <span className="badge">
                  <Trans>disabled</Trans>
                </span>
              ) : (
                o.email !== me.email && (
                  <button className="btn" type="button" disabled={disable.isPending} onClick={() => disable.mutate(o.id)}>
                    <Trans>Disable {o.email}</Trans>
                  </button>
                )
              )}
            </td>
          </tr>
        ))}
      </Table>
      <form className="row bottom" onSubmit={submit}>
        <label className="field grow">
          <span>
            <Trans>New operator's e-mail</Trans>
          </span>
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <label className="field">
          <span>
            <Trans>Role</Trans>
          </span>
          <select value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleName[r]}
              </option>
            ))}
          </select>
        </label>
        <button className="btn" type="submit" disabled={add.isPending}>
          <Trans>Add</Trans>
        </button>
      </form>
      {add.data && (
        <div className="note stack tight" role="status">
          <strong>
            <Trans>Shown once: hand these to {add.data.email} over a channel you trust.</Trans>
          </strong>
          <span>
            <Trans>
              One-time password: <span className="mono">{add.data.password}</span>
            </Trans>
          </span>
          <span>
            <Trans>
              Authenticator: <span className="mono">{add.data.otpauth}</span>
            </Trans>
          </span>
        </div>
      )}
    </section>
  );
}
