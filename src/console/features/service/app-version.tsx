/** The version the server announces: a newer one than an installed app's tells it to update. */
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../ui/error-alert';
import { serviceQueryOptions, setAppVersion, useServiceAction } from './api';

export function AppVersionSection() {
  const settings = useQuery(serviceQueryOptions());
  const save = useServiceAction(setAppVersion);
  const [version, setVersion] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(version.trim(), { onSuccess: () => setVersion('') });
  };
  const s = settings.data;
  return (
    <section className="card stack" aria-labelledby="version-heading">
      <h2 id="version-heading">
        <Trans>App version</Trans>
      </h2>
      {s && (
        <p>
          <Trans>
            Announced: <strong>{s.appVersion}</strong> · this build: {s.built}
          </Trans>
        </p>
      )}
      <ErrorAlert error={save.error} />
      <form className="row bottom" onSubmit={submit}>
        <label className="field">
          <span>
            <Trans>New version (x.y.z)</Trans>
          </span>
          <input value={version} onChange={(e) => setVersion(e.target.value)} pattern="\d+\.\d+\.\d+" required />
        </label>
        <button className="btn" type="submit" disabled={save.isPending}>
          <Trans>Announce</Trans>
        </button>
      </form>
    </section>
  );
}
