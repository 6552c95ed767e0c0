import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function ActivityListScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Activity`} tab>
      <ScreenPending />
    </Page>
  );
}
