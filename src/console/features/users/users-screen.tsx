/** User lookup (support, finance): search by what the user tells, then read them whole. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../ui/error-alert';
import { findUsersQueryOptions } from './api';
import { UserDossierView } from './user-dossier';

const route = getRouteApi('/_signed-in/users');

export function UsersScreen() {
  const { t } = useLingui();
  const { id } = route.useSearch();
  const [query, setQuery] = useState('');
  const found = useQuery(findUsersQueryOptions(query));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  const matchedBy = { id: t`user id`, phone: t`phone`, email: t`e-mail`, address: t`deposit address`, txId: t`transaction` };

  return (
    <section className="stack">
      <h1>
        <Trans>Users</Trans>
      </h1>
      <form className="row bottom" onSubmit={search}>
        <label className="field grow">
          <span>
            <Trans>Phone, e-mail, deposit address, transaction id, or #user id</Trans>
          </span>
          <input name="q" autoComplete="off" minLength={2} maxLength={100} required />
        </label>
        <button className="btn primary" type="submit">
          <Trans>Find</Trans>
        </button>
      </form>
      <ErrorAlert error={found.error} />
      {found.data?.length === 0 && (
        <p className="note">
          <Trans>Nobody matches.</Trans>
        </p>
      )}
      {found.data && found.data.length > 0 && (
        <ul className="card stack tight matches" aria-label={t`Matches`}>
          {found.data.map((u) => (
            <li key={u.id}>
              <Link to="/users" search={{ id: u.id }}>
                #{u.id} · <span className="mono">{u.account}</span> · {u.nickname}
              </Link>{' '}
              <span className="muted">
                <Trans>by {matchedBy[u.by]}</Trans>
              </span>
            </li>
          ))}
        </ul>
      )}
      {id !== undefined && <UserDossierView id={id} />}
    </section>
  );
}
