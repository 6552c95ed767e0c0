/**
 * The test page (/pages/index/test, open without login): diagnostics for operators, and the only
 * place the config's `testJsScript` may run — and then only from the app's own origin.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appConfigQueryOptions } from '../../api/misc';
import { BRAND } from '../../config/brand';
import { useOnline } from '../../session/online';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { apiBase, readCaches, readLastVersion, readStorage, readWorker } from './diagnostics';
import { sameOriginScriptUrl } from './script-origin';
import './diagnostics.css';

type ScriptState = { kind: 'none' } | { kind: 'refused'; url: string } | { kind: 'loading' | 'loaded' | 'failed'; url: string };

function useScript(candidate: string | null | undefined): ScriptState {
  const [state, setState] = useState<ScriptState>({ kind: 'none' });
  useEffect(() => {
    if (!candidate) {
      setState({ kind: 'none' });
      return;
    }
    const url = sameOriginScriptUrl(candidate, location.origin);
    if (!url) {
      setState({ kind: 'refused', url: candidate });
      return;
    }
    const existing = [...document.querySelectorAll<HTMLScriptElement>('script[data-diagnostics]')].find((s) => s.src === url);
    if (existing) {
      setState({ kind: 'loaded', url });
      return;
    }
    setState({ kind: 'loading', url });
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.diagnostics = 'true';
    script.onload = () => setState({ kind: 'loaded', url });
    script.onerror = () => {
      script.remove();
      setState({ kind: 'failed', url });
    };
    document.head.append(script);
  }, [candidate]);
  return state;
}

export function TestScreen() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const locale = i18n.locale.replace('_', '-');
  const config = useQuery({ ...appConfigQueryOptions(), staleTime: 0, meta: { inlineErrors: true } });
  const probe = useQuery({
    queryKey: ['diagnostics', 'probe'],
    queryFn: async () => {
      const [worker, cacheList, storage, lastVersion] = await Promise.all([
        readWorker(),
        readCaches(),
        readStorage(),
        readLastVersion(),
      ]);
      return { worker, cacheList, storage, lastVersion: lastVersion ?? null };
    },
    staleTime: 0,
    gcTime: 0,
  });
  const script = useScript(config.data?.testJsScript);
  const bytes = (n: number) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 2 }).format(n / 1_000_000);
  const d = probe.data;

  return (
    <Page title={t`Diagnostics`} backTo="/pages/login/index">
      <section className="card" aria-label={t`App`}>
        <dl className="diag-list">
          <dt>
            <Trans>App version</Trans>
          </dt>
          <dd>
            {BRAND.version} ({BRAND.versionCode})
          </dd>
          <dt>
            <Trans>Server version</Trans>
          </dt>
          <dd>{config.data?.appVersion ?? (config.isError ? t`Unavailable` : '…')}</dd>
          <dt>
            <Trans>Last version seen</Trans>
          </dt>
          <dd>{d ? (d.lastVersion ?? t`None`) : '…'}</dd>
          <dt>
            <Trans>Locale</Trans>
          </dt>
          <dd>
            {i18n.locale} · {navigator.languages.join(', ')}
          </dd>
          <dt>
            <Trans>API base</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">{apiBase()}</bdi>
          </dd>
          <dt>
            <Trans>Online</Trans>
          </dt>
          <dd>{online ? t`Yes` : t`No`}</dd>
        </dl>
      </section>
      <section className="card stack" aria-label={t`Service worker`}>
        <h2 className="diag-title">
          <Trans>Service worker</Trans>
        </h2>
        {d ? (
          <dl className="diag-list">
            <dt>
              <Trans>Controller</Trans>
            </dt>
            <dd>{d.worker.supported ? d.worker.controller : t`Not supported`}</dd>
            <dt>
              <Trans>Active</Trans>
            </dt>
            <dd>{d.worker.active}</dd>
            <dt>
              <Trans>Waiting</Trans>
            </dt>
            <dd>{d.worker.waiting}</dd>
            <dt>
              <Trans>Installing</Trans>
            </dt>
            <dd>{d.worker.installing}</dd>
          </dl>
        ) : (
          <Skeleton height={80} />
        )}
      </section>
      <section className="card stack" aria-label={t`Storage`}>
        <h2 className="diag-title">
          <Trans>Storage</Trans>
        </h2>
        {d ? (
          <>
            <p className="diag-usage">
              {d.storage ? (
                <Trans>
                  {bytes(d.storage.usage)} used of {bytes(d.storage.quota)}
                </Trans>
              ) : (
                <Trans>Storage estimate not available</Trans>
              )}
            </p>
            {d.cacheList.length === 0 ? (
              <p className="muted">
                <Trans>No caches</Trans>
              </p>
            ) : (
              <ul className="diag-caches">
                {d.cacheList.map((c) => (
                  <li key={c.name}>
                    <bdi dir="ltr">{c.name}</bdi>
                    <span className="muted">{new Intl.NumberFormat(locale).format(c.entries)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <Skeleton height={60} />
        )}
        <button type="button" className="button button--secondary" onClick={() => void probe.refetch()}>
          <Trans>Refresh</Trans>
        </button>
      </section>
      <section className="card stack" aria-label={t`Diagnostics script`}>
        <h2 className="diag-title">
          <Trans>Diagnostics script</Trans>
        </h2>
        <p role="status" className={script.kind === 'refused' || script.kind === 'failed' ? 'diag-refused' : undefined}>
          {script.kind === 'none' && <Trans>No diagnostics script is configured.</Trans>}
          {script.kind === 'refused' && (
            <Trans>
              Refused to load <bdi dir="ltr">{script.url}</bdi>: scripts are loaded only from this app's own origin.
            </Trans>
          )}
          {script.kind === 'loading' && (
            <Trans>
              Loading <bdi dir="ltr">{script.url}</bdi>…
            </Trans>
          )}
          {script.kind === 'loaded' && (
            <Trans>
              Loaded <bdi dir="ltr">{script.url}</bdi>
            </Trans>
          )}
          {script.kind === 'failed' && (
            <Trans>
              Could not load <bdi dir="ltr">{script.url}</bdi>
            </Trans>
          )}
        </p>
      </section>
    </Page>
  );
}
