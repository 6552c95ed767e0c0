import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ScreenPending } from '../../ui/screen-pending';

export function LoginPasswordScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`Change login password`}>
      <ScreenPending />
    </Page>
  );
}
