/** Offered once after the first successful login: install the app, or how to on iOS. */
import { Trans, useLingui } from '@lingui/react/macro';
import { promptInstall, useInstallMode } from '../../session/install';
import { appStore, useAppStore } from '../../session/store';
import { Dialog } from '../../ui/dialog';

export function InstallOffer() {
  const { t } = useLingui();
  const offer = useAppStore((s) => s.offerInstall);
  const mode = useInstallMode();
  const open = offer && (mode === 'prompt' || mode === 'ios-instructions');
  const close = () => appStore.set({ offerInstall: false });
  return (
    <Dialog open={open} onClose={close} title={t`Install Tessera`}>
      {mode === 'prompt' ? (
        <div className="stack">
          <p>
            <Trans>Add the wallet to your home screen: it opens full-screen and shows your assets even offline.</Trans>
          </p>
          <button
            type="button"
            className="button button--block"
            onClick={async () => {
              close();
              await promptInstall();
            }}
          >
            <Trans>Install</Trans>
          </button>
        </div>
      ) : (
        <ol className="stack">
          <li>
            <Trans>Tap the Share button in Safari's toolbar.</Trans>
          </li>
          <li>
            <Trans>Choose "Add to Home Screen".</Trans>
          </li>
          <li>
            <Trans>Tap "Add". The wallet then opens from your home screen.</Trans>
          </li>
        </ol>
      )}
    </Dialog>
  );
}
