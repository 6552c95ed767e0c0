import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function AboutScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`About`}>
      <ScreenPending />
    </Page>
  );
}
