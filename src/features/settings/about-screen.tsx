/** About: the brand, version 3.0.1 (301), the about article and "check for update". */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appConfigQueryOptions, articleQueryOptions } from '../../api/misc';
import { BRAND } from '../../config/brand';
import { MenuButton, MenuLink, MenuList } from '../../ui/menu-list';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import { isUpdateAvailable } from './version';
import './settings.css';

/** Asks the browser to look for a new service worker now (it installs in the background). */
async function updateWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await registration?.update().catch(() => undefined);
}

export function AboutScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const article = useQuery({ ...articleQueryOptions('about'), meta: { inlineErrors: true } });
  const check = useMutation({
    mutationFn: async () => {
      const config = await queryClient.fetchQuery({ ...appConfigQueryOptions(), staleTime: 0 });
      // The answer is the server's version; the worker looks for the new build in the background.
      // Awaited, the answer waited on the browser's update job (fetching sw.js, queued behind any
      // update check already running): over 5 s on a loaded machine, for a line of text.
      void updateWorker();
      return config.appVersion;
    },
  });
  const latest = check.data;
  const { productName, version, versionCode } = BRAND;

  return (
    <Page title={t`About`} backTo="/pages/my/index">
      <div className="about-hero">
        <img src="/icons/icon-192.png" alt="" width={72} height={72} />
        <h2>{productName}</h2>
        <p className="muted">
          <Trans>
            Version {version} ({versionCode})
          </Trans>
        </p>
      </div>
      <MenuList>
        <MenuButton
          label={check.isPending ? t`Checking…` : t`Check for update`}
          onClick={() => {
            if (!check.isPending) check.mutate();
          }}
        />
        <MenuLink to="/pages/my/protocol" search={{ type: 'agreement' }} label={t`User agreement`} />
        <MenuLink to="/pages/my/protocol" search={{ type: 'privacy' }} label={t`Privacy policy`} />
      </MenuList>
      <p className="muted about-status" role="status">
        {latest === undefined ? null : isUpdateAvailable(latest, version) ? (
          <Trans>Version {latest} is available. It will be installed the next time you open the app.</Trans>
        ) : (
          <Trans>You are using the latest version.</Trans>
        )}
      </p>
      {article.data ? (
        <div className="card">
          <p className="about-article">{article.data.content}</p>
        </div>
      ) : article.isPending ? (
        <SkeletonRows rows={3} height={20} />
      ) : null}
    </Page>
  );
}
