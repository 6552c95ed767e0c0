import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function SettingsScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Settings`}>
      <ScreenPending />
    </Page>
  );
}
