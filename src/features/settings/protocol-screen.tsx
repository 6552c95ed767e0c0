import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function ProtocolScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`User agreement`}>
      <ScreenPending />
    </Page>
  );
}
